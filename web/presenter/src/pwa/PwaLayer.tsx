import { InstallPrompt, useConsentChoice, type ContentData } from '@shop/web-shared';
import { useEffect, useRef } from 'react';
import { presenterPwa } from './pwa';

/**
 * The presenter's install offer (§4, as in the storefront), its own chunk rendered after the page has loaded: with
 * enablePluginPWA the manifest is linked and the prompt may follow the cookie consent (250 ms after accepting,
 * 5 s when consent was already given); without it, workers left from before are unregistered. The offline notice
 * and the update banner are the layout's (AppOverlays).
 */
export default function PwaLayer({ config }: { config: ContentData['config'] }) {
  const pwa = presenterPwa.usePwa();
  const consent = useConsentChoice();
  const consentAtStart = useRef(consent);
  const plugin = config.enablePluginPWA === true;
  useEffect(() => presenterPwa.startPwa(plugin), [plugin]);
  useEffect(() => {
    if (plugin && consent === 'accepted') presenterPwa.scheduleInstallPrompt(consentAtStart.current !== 'accepted');
  }, [plugin, consent]);
  if (!pwa.plugin || !pwa.promptVisible) return null;
  return (
    <InstallPrompt
      shopName={config.shopName}
      stage={pwa.stage}
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
