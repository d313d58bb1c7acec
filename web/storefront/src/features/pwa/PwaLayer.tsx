import { s } from '../../texts';
import { usePwa } from './pwa';

/** The install prompt and its instructions, the update banner and the offline notice. */
export function PwaLayer() {
  const pwa = usePwa();
  return (
    <>
      {!pwa.online && (
        <div className="notice notice--offline" role="status">
          <strong>{s('offlineTitle')}</strong> {s('offlineText')}
        </div>
      )}
      {pwa.plugin && pwa.updateAvailable && (
        <div className="notice notice--update" role="status">
          {s('updateAvailable')}{' '}
          <button type="button" className="button button--small" onClick={pwa.restart}>
            {s('restartApp')}
          </button>
        </div>
      )}
      {pwa.plugin && pwa.promptVisible && !pwa.selfService && <InstallPrompt />}
    </>
  );
}

export function InstallPrompt({ inline = false }: { inline?: boolean }) {
  const pwa = usePwa();
  return (
    <section className={inline ? 'install install--inline' : 'install'} aria-labelledby="install-title">
      {pwa.stage === 'instructions' ? (
        <>
          <h2 id="install-title">{s('installInstructionsTitle')}</h2>
          <p>{s('installInstructions')}</p>
          <div className="actions">
            <button type="button" className="button" onClick={() => void pwa.leaveInstructions()}>
              {s('done')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => void pwa.leaveInstructions()}>
              {s('contactButtonCancel')}
            </button>
          </div>
        </>
      ) : pwa.stage === 'unsupported' ? (
        <>
          <h2 id="install-title">{s('installTitle')}</h2>
          <p>{s('installUnsupported')}</p>
          <div className="actions">
            <button type="button" className="button" onClick={pwa.close}>
              {s('close')}
            </button>
          </div>
        </>
      ) : (
        <>
          <h2 id="install-title">{s('installTitle')}</h2>
          <p>{s('installText')}</p>
          <div className="actions">
            <button type="button" className="button" onClick={() => void pwa.install()}>
              {s('install')}
            </button>
            <button type="button" className="button button--secondary" onClick={pwa.notNow}>
              {s('notNow')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}

/** Footer link (§2.2): plugin on, not standalone, installation supported, not yet registered, not self-service. */
export function InstallLink() {
  const pwa = usePwa();
  if (!pwa.canOfferInstall || pwa.selfService) return null;
  return (
    <li>
      <button type="button" className="link-button" onClick={pwa.showPrompt}>
        {s('installApp')}
      </button>
    </li>
  );
}
