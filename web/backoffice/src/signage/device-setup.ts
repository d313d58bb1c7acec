import QRCode from 'qrcode';

/**
 * The player's sign-in link of a TV: `/player/#identifier=…&key=…` on this origin. The key rides in the fragment,
 * which the browser never sends to a server; the player signs in with it and removes it from its address.
 */
export function setupLink(origin: string, identifier: string, key: string): string {
  return `${origin}/player/#${new URLSearchParams({ identifier, key }).toString()}`;
}

/** The link as a QR code, an SVG data URL (drawn without a canvas; the back office's CSP allows data: images). */
export async function qrDataUrl(link: string): Promise<string> {
  const svg = await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
