/** The largest image an upload may be (IMAGE_MAX_BYTES, IMAGE_MAX_WIDTH, IMAGE_MAX_HEIGHT of the config). */
export interface ImageLimits {
  maxBytes: number;
  maxWidth: number;
  maxHeight: number;
}
/** the defaults of IMAGE_MAX_BYTES, IMAGE_MAX_WIDTH, IMAGE_MAX_HEIGHT (a 10000 px side keeps decoding within memory) */
export const IMAGE_LIMIT_DEFAULTS: ImageLimits = { maxBytes: 10 * 1024 * 1024, maxWidth: 10_000, maxHeight: 10_000 };
