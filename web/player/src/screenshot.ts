import { PLAYER_RESULT_MAX_CHARS } from '@shop/contracts';
import { domToJpeg } from 'modern-screenshot';

/** wide enough to read a board; the quality drops until the picture fits the command's report */
const MAX_WIDTH = 1280;
const QUALITIES = [0.8, 0.5, 0.3, 0.15];

/**
 * What the screen shows, as a JPEG data URL (modern-screenshot draws the DOM into a canvas: maintained, no server
 * round trip). A busy picture is tried again at a lower quality until it fits the report; web pages in frames from
 * other sites cannot be drawn and stay empty.
 */
export async function screenshot(node: HTMLElement): Promise<string> {
  const scale = Math.min(1, MAX_WIDTH / Math.max(1, node.clientWidth));
  for (const quality of QUALITIES) {
    const url = await domToJpeg(node, { scale, quality, backgroundColor: '#000000' });
    if (url.length <= PLAYER_RESULT_MAX_CHARS) return url;
  }
  throw new Error('the screenshot does not fit the report');
}
