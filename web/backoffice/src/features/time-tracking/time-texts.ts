import { TIME_TRACKING_TEXTS, t } from '@shop/i18n-de';
import type { ClockAction } from '@shop/contracts';

export const TT = TIME_TRACKING_TEXTS;

/** backoffice-platform.md §8: 'Aktivität konnte nicht gestartet/beendet/pausiert/fortgesetzt werden.' */
export const ACTION_FAILED: Record<ClockAction, string> = {
  start: t('backoffice.activityStartFailed'),
  pause: t('backoffice.activityPauseFailed'),
  resume: t('backoffice.activityResumeFailed'),
  end: t('backoffice.activityEndFailed'),
};

/** '8 h 31 min' */
export { formatDuration } from '@shop/domain';

/** §8 'Aktiver Benutzer konnte nicht geladen werden.': the terminal could not load who signs in (no server message) */
export const SIGN_IN_FAILED = t('backoffice.currentUserFailed');
