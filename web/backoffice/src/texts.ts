import { backofficeTexts, format, resourceFailure, t, type ResourceNounKey } from '@shop/i18n-de';

/** The back office's own labels (libs/i18n-de/src/backoffice-texts.ts). */
export const T = backofficeTexts;
/** Fill {placeholders}. */
export const f = format;
export { resourceFailure, t };
export type { ResourceNounKey };
/** The app version shown in the toolbar (backoffice-platform.md §3 build settings). */
export const APP_VERSION = '1.7.2-dev';
