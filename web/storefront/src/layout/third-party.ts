/**
 * §7 "an ad pixel and a tag-manager script loaded only after consent and when their ids are configured".
 * Loaded by the layout only then (and never in the self-service context); each is added once per page.
 */
export function addThirdPartyScripts(tagManagerId: string | null, socialPixelId: string | null): void {
  if (tagManagerId && !document.getElementById('tag-manager')) {
    (window as unknown as { dataLayer: unknown[] }).dataLayer = [{ 'gtm.start': Date.now(), event: 'gtm.js' }];
    const script = document.createElement('script');
    script.id = 'tag-manager';
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(tagManagerId)}`;
    document.head.appendChild(script);
  }
  if (socialPixelId && !document.getElementById('ad-pixel')) {
    const img = document.createElement('img');
    img.id = 'ad-pixel';
    img.alt = '';
    img.width = 1;
    img.height = 1;
    img.style.display = 'none';
    img.src = `https://www.facebook.com/tr?id=${encodeURIComponent(socialPixelId)}&ev=PageView&noscript=1`;
    document.body.appendChild(img);
  }
}
