import { InstallPrompt as InstallPromptView, OfflineNotice, UpdateBanner } from '@shop/web-shared';
import { useData } from '../../api/init';
import { s } from '../../texts';
import { usePwa } from './pwa';

/** The install prompt and its instructions, the update banner and the offline notice (shared with the presenter). */
export function PwaLayer() {
  const pwa = usePwa();
  return (
    <>
      {!pwa.online && <OfflineNotice />}
      {pwa.plugin && pwa.updateAvailable && <UpdateBanner onRestart={pwa.restart} />}
      {pwa.plugin && pwa.promptVisible && !pwa.selfService && <InstallPrompt />}
    </>
  );
}

export function InstallPrompt({ inline = false }: { inline?: boolean }) {
  const pwa = usePwa();
  const { config } = useData();
  return (
    <InstallPromptView
      shopName={config.shopName}
      stage={pwa.stage}
      inline={inline}
      actions={{
        install: () => void pwa.install(),
        notNow: pwa.notNow,
        complete: () => void pwa.completeInstall(),
        cancel: () => void pwa.leaveInstructions(),
        close: pwa.close,
      }}
    />
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
