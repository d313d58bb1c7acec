import { createRpcController, rpc } from '@shop/server';
import { FontService } from './font.service.js';

/** GET /api/fonts and the embedded font CSS (anonymous reads: pages use them). */
export class FontController extends createRpcController([
  rpc('content.font.list', FontService, (fonts) => fonts.families()),
  rpc('content.font.embed', FontService, async (fonts, m) => ({
    css: await fonts.embed(m.payload.family, m.payload.variant),
  })),
]) {}
