import { format, installTexts, type InstallTextKey } from '@shop/i18n-de';
import { layoutText } from '../layout-text';
import { isAppleMobile } from './platform';

/**
 * §2.9 install prompt and install instructions, with the spec's texts: "Install prompt: '{shop name} als App
 * installieren?' with 'Installieren' and 'Jetzt nicht'"; "Install instructions: 'Fast geschafft!' with variants:
 * native install ('Installation abschliessen', 'Installation läuft', 'Abbrechen'); iPad or iPhone steps via the share
 * icon and 'Zum Home-Bildschirm'; manual fallback for unsupported browsers." A module of its own, apart from the
 * offline notice and the update banner (AppOverlays.tsx, part of the presenter's first load): only the lazy PWA
 * layers show it, so it, its texts and bowser (the user-agent parser, ~11 kB gzip) stay out of the first load.
 */

const t = (key: InstallTextKey, values: Record<string, string | number> = {}) => format(installTexts[key], values);

/**
 * prompt: the question; instructions: the native dialog is next; installing: it is open; apple: Safari on an
 * iPhone or iPad (no dialog: the steps via the share icon); unsupported: no dialog.
 */
export type InstallStage = 'prompt' | 'instructions' | 'installing' | 'apple' | 'unsupported';

export interface InstallActions {
  install: () => void;
  notNow: () => void;
  /** 'Installation abschliessen': opens the browser's own install dialog. */
  complete: () => void;
  /** 'Abbrechen' (and leaving the instructions): back to the prompt. */
  cancel: () => void;
  close: () => void;
}

export function InstallPrompt({
  shopName,
  stage,
  actions,
  inline = false,
}: {
  shopName: string;
  stage: InstallStage;
  actions: InstallActions;
  inline?: boolean;
}) {
  const title = stage === 'prompt' ? t('installTitle', { shopName }) : t('installInstructionsTitle');
  return (
    <section className={inline ? 'install install--inline' : 'install'} aria-labelledby="install-title">
      <h2 id="install-title">{title}</h2>
      {stage === 'prompt' ? (
        <div className="actions">
          <button type="button" className="button" onClick={actions.install}>
            {t('install')}
          </button>
          <button type="button" className="button button--secondary" onClick={actions.notNow}>
            {t('notNow')}
          </button>
        </div>
      ) : stage === 'unsupported' ? (
        <>
          {isAppleMobile() ? (
            <ol className="install__steps">
              <li>{t('installAppleShare')}</li>
              <li>{t('installAppleHome')}</li>
            </ol>
          ) : (
            <p>{t('installUnsupported')}</p>
          )}
          <div className="actions">
            <button type="button" className="button" onClick={actions.close}>
              {layoutText('close')}
            </button>
          </div>
        </>
      ) : (
        <>
          {stage === 'apple' ? (
            <ol className="install__steps">
              <li>{t('installAppleShare')}</li>
              <li>{t('installAppleHome')}</li>
            </ol>
          ) : (
            <p>{t('installNativeText')}</p>
          )}
          <div className="actions">
            <button
              type="button"
              className="button"
              onClick={actions.complete}
              disabled={stage === 'installing'}
              aria-busy={stage === 'installing'}
            >
              {stage === 'installing' ? t('installRunning') : t('installComplete')}
            </button>
            <button type="button" className="button button--secondary" onClick={actions.cancel}>
              {t('installCancel')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
