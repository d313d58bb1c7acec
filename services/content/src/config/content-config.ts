import { BaseConfigSchema, commaList, loadConfig } from '@shop/server';
import { z } from 'zod';
import { IMAGE_LIMIT_DEFAULTS } from './image-limits.js';

export const ContentConfigSchema = BaseConfigSchema.extend({
  CONTENT_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(3104),
  /** uploads under FILES_DIR/upload/{publicHash}/, images under FILES_DIR/image/ */
  FILES_DIR: z.string().default('var/files'),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  IMAGE_MAX_BYTES: z.coerce.number().int().min(1024).default(IMAGE_LIMIT_DEFAULTS.maxBytes),
  IMAGE_MAX_WIDTH: z.coerce.number().int().min(1).default(IMAGE_LIMIT_DEFAULTS.maxWidth),
  IMAGE_MAX_HEIGHT: z.coerce.number().int().min(1).default(IMAGE_LIMIT_DEFAULTS.maxHeight),
  /** the phone example of the form message 'Bitte geben Sie eine gültige Nummer im Format {phone} an.' */
  PHONE_FORMAT_EXAMPLE: z.string().default('+43 664 1234567'),
  /** form submissions older than this are deleted (a periodic sweep) */
  FORM_SUBMISSION_RETENTION_DAYS: z.coerce.number().int().min(1).default(180),
  /** uploads that no order and no content refers to are deleted once they are this old */
  UPLOAD_RETENTION_DAYS: z.coerce.number().int().min(1).default(90),
  /** how often the retention sweeps (submissions, unreferenced uploads) run */
  RETENTION_SWEEP_INTERVAL_MS: z.coerce.number().int().min(1000).default(3_600_000),
  /** the BullMQ key prefix after REDIS_PREFIX (the order service's and the workers' too: one e-mail queue) */
  BULLMQ_PREFIX: z.string().default('bull'),
  JOB_REDISPATCH_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
  JOB_REDISPATCH_AFTER_MS: z.coerce.number().int().min(0).default(120_000),
  /** an OpenAI-compatible endpoint for the content AI (`…/v1`); unset: the AI routes answer 503 */
  CONTENT_AI_URL: z.url().optional(),
  CONTENT_AI_KEY: z.string().default(''),
  CONTENT_AI_MODEL: z.string().default('gpt-4o-mini'),
  CONTENT_AI_IMAGE_MODEL: z.string().default('gpt-image-1'),
  /** one call to the AI endpoint (a site's draft makes up to two) */
  CONTENT_AI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  /**
   * a generation (a `content-ai` job) unfinished after this reads failed and its calls are cancelled; at most an
   * hour, the per-user window, so a pending one is always counted in it
   */
  CONTENT_AI_GENERATION_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(600_000),
  /** generations one content instance runs at once */
  CONTENT_AI_CONCURRENCY: z.coerce.number().int().min(1).default(2),
  /** generations one staff member may start per hour (each is paid), and have queued or running at once */
  CONTENT_AI_PER_USER_PER_HOUR: z.coerce.number().int().min(1).default(30),
  CONTENT_AI_PER_USER_RUNNING: z.coerce.number().int().min(1).default(2),
  /**
   * signs the back office's draft-preview tokens (HMAC-SHA256, POST /api/sites/{id}/preview); unset: a key derived
   * from SERVICE_SECRET for this purpose alone (HKDF), so no new secret has to be distributed
   */
  PREVIEW_TOKEN_SECRET: z.string().min(32).optional(),
  /** how long a preview link shows its draft */
  PREVIEW_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(1800),
  /**
   * hosts an editor's redirect may lead to (comma-separated, `*.example.com` for its subdomains; issue 42); any other
   * external target is refused (paths of the website are always allowed). The gateway reads the same setting.
   */
  REDIRECT_ALLOWED_HOSTS: commaList('', (host) => host.toLowerCase()),
  /** where font CSS is fetched from (Google Fonts' CSS API); the only host the fonts route asks for CSS */
  FONTS_UPSTREAM_URL: z.url().default('https://fonts.googleapis.com'),
  /**
   * where the npm font packages are (issue 43: `@fontsource/<family>`, e.g. @fontsource/open-sans): a family's variant
   * found there is served from its package's files and never fetched from FONTS_UPSTREAM_URL
   */
  FONTS_PACKAGES_DIR: z.string().default('node_modules/@fontsource'),
  /** hosts the font files named in that CSS may come from (comma-separated); others are refused */
  FONTS_FILE_HOSTS: z.string().default('fonts.gstatic.com'),
  /** the families GET /api/fonts offers: `Family:variant|variant;…` */
  FONT_FAMILIES: z
    .string()
    .default(
      'Open Sans:regular|italic|600|700;Roboto:regular|italic|500|700;Lato:regular|italic|700;Montserrat:regular|500|700;Source Sans 3:regular|italic|600|700;Merriweather:regular|italic|700',
    ),
});
export type ContentConfig = z.infer<typeof ContentConfigSchema>;
export const loadContentConfig = (env?: Record<string, string | undefined>) => loadConfig(ContentConfigSchema, env);
