import { BaseConfigSchema, commaList, loadConfig } from '@shop/server';
import { z } from 'zod';

const DEV_SECRET = 'dev-only-session-secret-change-me-in-production-0123456789';

export const GatewayConfigSchema = BaseConfigSchema.extend({
  GATEWAY_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  GATEWAY_HOST: z.string().default('0.0.0.0'),
  /** Prometheus metrics (/metrics) and liveness (/live), never on the public port; 0 picks a free port */
  GATEWAY_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(3100),
  /** signs the session cookie; at least 32 characters; production refuses the default (production-settings.ts) */
  SESSION_SECRET: z.string().min(32).default(DEV_SECRET),
  SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(8 * 3600),
  /** a staff session ends this long after login however active it is (the rolling SESSION_TTL_SECONDS aside) */
  SESSION_ABSOLUTE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(12 * 3600),
  COOKIE_SECURE: z.enum(['true', 'false', 'auto']).default('auto'),
  /** extra Content-Security-Policy sources (space-separated) for the consent-gated third parties (ARCHITECTURE.md "Security") */
  CSP_SCRIPT_SOURCES: z.string().default('https://www.googletagmanager.com'),
  CSP_IMG_SOURCES: z
    .string()
    .default('https://www.facebook.com https://www.googletagmanager.com https://www.google-analytics.com'),
  CSP_CONNECT_SOURCES: z
    .string()
    .default('https://www.google-analytics.com https://*.google-analytics.com https://*.analytics.google.com'),
  /**
   * The maps' style (issue 43 item 5): a mapbox:// style or the URL of a style JSON (a self-hosted or EU tile server).
   * The pages of the storefront and the presenter name it to their maps (`<meta name="map-style">`).
   */
  MAP_STYLE_URL: z.string().min(1).default('mapbox://styles/mapbox/light-v11'),
  /**
   * The hosts a page with a map may load the map's style, tiles, sprites and fonts from and report to (its CSP
   * connect-src and img-src, space-separated; the origin of an http(s) MAP_STYLE_URL is added), on the storefront's
   * and the presenter's pages only while the shop configuration has the map plugin on with an access token.
   */
  CSP_MAP_SOURCES: z.string().default('https://api.mapbox.com https://*.tiles.mapbox.com https://events.mapbox.com'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  /** POST /api/uploads only: a 10 MB file as base64 data-URL */
  UPLOAD_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(15 * 1_048_576),
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  /** API reads per client address (not pages, files, nor the fast paths' /api/init and order status polls) */
  RATE_LIMIT_READS_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  /** login attempts per client address (per username, failures lead to a proof-of-work instead: below) */
  RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /**
   * Failed logins per username (issue 37 item 3), over a sliding window: past LOGIN_CHALLENGE_AFTER_FAILURES a
   * login for that username needs a solved proof-of-work (ALTCHA) instead of being refused, so guesses spread
   * over many addresses cost work each and nobody can lock the right password out.
   */
  LOGIN_CHALLENGE_AFTER_FAILURES: z.coerce.number().int().min(0).default(10),
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  /** form submissions (POST /api/custom/form/{id}) per client address and hour */
  RATE_LIMIT_FORMS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** anonymous uploads (POST /api/uploads) per client address and hour */
  RATE_LIMIT_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(60),
  /**
   * The machines' routes (issue 37), per minute: a signage player per device and client address (it sends about
   * ten requests a minute), a printer or notification device likewise (a CloudPRNT printer polls every second or
   * more, plus a GET and a DELETE per job), a payment provider's webhook per provider and client address.
   */
  RATE_LIMIT_PLAYER_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_PRINTER_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_WEBHOOK_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /**
   * Anonymous orders (issue 15, item 6), counted per client address, phone number and e-mail address over a
   * sliding window: past ORDER_CHALLENGE_AFTER orders each further one needs a solved proof-of-work challenge
   * (ALTCHA); past ORDER_LIMIT_PER_* orders are refused until the window has room again.
   */
  ORDER_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  ORDER_CHALLENGE_AFTER: z.coerce.number().int().min(0).default(3),
  ORDER_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(30),
  ORDER_LIMIT_PER_PHONE: z.coerce.number().int().min(1).default(10),
  ORDER_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  /**
   * signs the ALTCHA challenges; set the same value on every gateway instance (default: random per process, in
   * development only: production requires it, production-settings.ts)
   */
  ALTCHA_HMAC_KEY: z.string().min(32).optional(),
  /** the challenge's difficulty: the solver tries up to this many numbers (about 0.1–0.5 s in a browser) */
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(1000).max(10_000_000).default(100_000),
  /**
   * Addresses or CIDR ranges of the reverse proxies in front of the gateway, comma-separated: only their
   * X-Forwarded-For names the client (rate limits, logs). Empty (the default): the socket's address is the client.
   */
  TRUSTED_PROXIES: commaList(''),
  /** uploaded and seeded files (served at /image/... and /upload/...) */
  FILES_DIR: z.string().default('var/files'),
  /** the built web apps (vite build output) served at / and /build/, and at /backend/ */
  WEB_STOREFRONT_DIR: z.string().default('web/storefront/dist'),
  WEB_BACKOFFICE_DIR: z.string().default('web/backoffice/dist'),
  WEB_PLAYER_DIR: z.string().default('web/player/dist'),
  /** the real-estate presenter (served for PRESENTER_HOSTS at / and /build/presenter/) */
  WEB_PRESENTER_DIR: z.string().default('web/presenter/dist'),
  /** host names (comma-separated, without port) served as the real-estate presenter's website; every other host is the storefront's */
  PRESENTER_HOSTS: commaList('immobilien.localhost', (host) => host.toLowerCase()),
  /**
   * hosts a stored redirect may lead to (the content service's setting of the same name, issue 42): a redirect to
   * another host, or to an unsafe target or from a protected path, stored before the rules, is not answered
   */
  REDIRECT_ALLOWED_HOSTS: commaList('', (host) => host.toLowerCase()),
  /** how long a session's actor snapshot is trusted before identity is asked again */
  ACTOR_REFRESH_SECONDS: z.coerce.number().int().min(0).default(60),
  /** the folder of `npm start`'s mail catcher (scripts/lib/dev-mail.mjs): shown at /dev/mail; development only */
  DEV_MAIL_DIR: z.string().min(1).optional(),
}).refine((c) => c.NODE_ENV !== 'production' || c.DEV_MAIL_DIR === undefined, {
  path: ['DEV_MAIL_DIR'],
  message: 'the mail catcher is for development only; unset it in production',
});
export type GatewayConfig = z.infer<typeof GatewayConfigSchema>;
export const loadGatewayConfig = (env?: Record<string, string | undefined>) => loadConfig(GatewayConfigSchema, env);
