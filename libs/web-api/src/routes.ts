import type {
  AccessTokenIssueInput,
  ClockInput,
  HolidayBalance,
  TimeClockInput,
  UserBalance,
  AnalyticsLogBody,
  BackofficeWebsites,
  SitePreviewLink,
  Config,
  ConfigInput,
  ContentAiGeneration,
  ContentAiImageInput,
  ContentAiSiteInput,
  CounterAppointmentInput,
  CRUD_RESOURCES,
  CrudResourceName,
  CrudResourcesWith,
  FormSubmitReply,
  FormValues,
  DeviceLogEntry,
  DeviceQueueEntry,
  FrontdeskOrder,
  FontFamilyInfo,
  ImageTemplateRenderInput,
  ImageUpdateInput,
  TemplateLayer,
  Image,
  ImageCreateInput,
  InitEntry,
  ItemUpdateInput,
  ListMeta,
  ListQuery,
  LoginInput,
  LoginLinkInput,
  LogEntry,
  LogListQuery,
  StatisticsQuery,
  StatisticsReply,
  MfaDisableInput,
  MfaEnableInput,
  OrderInput,
  OrderListQuery,
  PublicOrder,
  QuestionnaireInput,
  RejectInput,
  RpcMap,
  SignageBulkCommandInput,
  SignageBulkCommandResult,
  SignageCommandInput,
  SignageDevice,
  StreamPreview,
  StaffOrder,
  CrudEntities,
  Upload,
  UploadInput,
  User,
} from '@shop/contracts';
import type { z } from 'zod';

/**
 * Every HTTP call of the web apps: `'<METHOD> <path>'` (OpenAPI style, `{param}` for path parameters) → the
 * request body, the query and the answer's `data`. Bodies and queries are the input types of the zod schemas the
 * gateway and the services validate with (libs/contracts); answers are the contracts' entity and view types or
 * the reply types of the NATS subject behind the route (`RpcMap`). Nothing here is typed twice: a field renamed
 * in a contract no longer compiles in the apps.
 */
export interface ApiRoutes extends CrudRoutes {
  /* ------------------------------------------------------------ start-up, auth, staff */
  /** `vorschau`: a draft-preview token (POST /api/sites/{id}/preview); its one site is in the answer too */
  'GET /api/init': { query: { vorschau?: string }; response: InitEntry[] };
  'GET /api/users/me': { response: User };
  'POST /api/users/{id}/login-link': { response: { url: string; expiresAt: string } };
  'POST /api/users/{id}/unlock': { response: User };
  'GET /api/users/me/mfa': { response: RpcMap['identity.mfa.status']['res'] };
  'POST /api/users/me/mfa/setup': { response: RpcMap['identity.mfa.setup']['res'] };
  'POST /api/users/me/mfa/enable': { body: MfaEnableInput; response: RpcMap['identity.mfa.enable']['res'] };
  'POST /api/users/me/mfa/disable': { body: MfaDisableInput; response: RpcMap['identity.mfa.disable']['res'] };
  /** administrators: a new counter-screen key; the old one stops working at once */
  'POST /api/branches/{id}/rotate-screen-key': { response: RpcMap['catalogue.branch.rotate-screen-key']['res'] };
  'GET /backend/csrf-token': { response: { csrfToken: string } };
  /** the presenter's hosts (PRESENTER_HOSTS), for the content builder's 'Vorschau' */
  'GET /api/backoffice/websites': { response: BackofficeWebsites };
  /** staff: a short-lived link that shows the site on its website's host, also when it is not public */
  'POST /api/sites/{id}/preview': { response: SitePreviewLink };
  'POST /backend/login': { body: z.input<typeof LoginInput>; response: StaffLogin };
  /** an ALTCHA challenge for a login whose username had many failures (CHALLENGE_REQUIRED), sent back in X-Altcha */
  'GET /backend/login/challenge': { response: AltchaChallenge };
  /** ends the staff session (with the session's CSRF token, like every write) */
  'POST /backend/logout': { response: null };
  'POST /backend/login-link': { body: z.input<typeof LoginLinkInput>; response: StaffLogin };

  /* ------------------------------------------------------------ configuration */
  'GET /api/config': { response: Config };
  'POST /api/config': { body: ConfigInput; response: Config };

  /* ------------------------------------------------------------ customers (storefront) */
  'POST /api/orders': { body: OrderInput; response: PublicOrder };
  /** an ALTCHA challenge (altcha-lib's Challenge), solved in the browser and sent back in X-Altcha */
  'GET /api/orders/challenge': { response: AltchaChallenge };
  'GET /api/orders/public/{uid}/{hash}': { response: RpcMap['order.order.public']['res'] };
  'POST /api/orders/public/{uid}/{hash}/confirm-counter-appointment': {
    body: EmptyBody;
    response: RpcMap['order.order.confirm-counter-appointment']['res'];
  };
  'POST /api/orders/public/{uid}/{hash}/reject-counter-appointment': {
    body: EmptyBody;
    response: RpcMap['order.order.reject-counter-appointment']['res'];
  };
  'POST /api/orders/public/{uid}/{hash}/questionnaire': {
    body: QuestionnaireInput;
    response: RpcMap['order.order.questionnaire']['res'];
  };
  'POST /api/uploads': { body: UploadInput; response: Upload };
  /** storefront-presenter.md §7: a form node's values by fieldId (or position); errors come as German strings */
  'POST /api/custom/form/{id}': { body: FormValues; response: FormSubmitReply };
  'POST /api/analytics-log': { body: AnalyticsLogBody; response: { accepted: number } };

  /* ------------------------------------------------------------ orders (staff) */
  'GET /api/orders': { query: OrderListQuery; response: RpcMap['order.order.list']['res']['items'] };
  'GET /api/orders/current': { query: BranchQuery; response: RpcMap['order.order.current']['res'] };
  'GET /api/orders/missed': { query: BranchQuery; response: RpcMap['order.order.missed']['res'] };
  'GET /api/orders/{id}': { response: RpcMap['order.order.get']['res'] };
  /** reject only: `{ rejectionMessage }`; the other actions take an empty body */
  'POST /api/orders/{id}/status/{action}': {
    body: z.input<typeof RejectInput> | EmptyBody;
    response: RpcMap['order.order.transition']['res'];
  };
  'POST /api/orders/{id}/counter-appointment': {
    body: z.input<typeof CounterAppointmentInput>;
    response: RpcMap['order.order.propose-counter-appointment']['res'];
  };
  'PUT /api/orders/{id}/items/{index}': {
    body: z.input<typeof ItemUpdateInput>;
    response: RpcMap['order.order.update-item']['res'];
  };
  'POST /api/orders/{id}/print': { response: RpcMap['order.order.request-job']['res'] };
  'POST /api/orders/{id}/update-payment-status': { response: RpcMap['order.order.update-payment-status']['res'] };
  'POST /api/orders/{id}/resend-new-order-email': { response: RpcMap['order.order.request-job']['res'] };
  'POST /api/orders/{id}/resend-new-order-sms': { response: RpcMap['order.order.request-job']['res'] };
  /** counter screens: the branch's API key in the X-Screen-Key header instead of a login */
  'GET /api/orders/frontdesk/{branchId}': { response: FrontdeskOrder[] };
  'GET /api/orders/backoffice/{branchId}': { response: StaffOrder[] };

  /* ------------------------------------------------------------ devices, images, system log */
  'GET /api/devices/{id}/logs': { response: DeviceLogEntry[] };
  'GET /api/devices/{id}/queue': { response: DeviceQueueEntry[] };
  'POST /api/devices/{id}/test/print': { response: RpcMap['order.device.test-print']['res'] };
  'POST /api/devices/{id}/test/notification': { response: RpcMap['order.device.test-notification']['res'] };
  'POST /api/devices/{id}/request-device-logs': { response: RpcMap['order.device.request-logs']['res'] };
  'POST /api/images': { body: z.input<typeof ImageCreateInput>; response: Image };
  /**
   * content builder (issue 18): a draft of a site's content for review, and a generated image for the library;
   * each starts a generation (202) polled until done or failed (issue 37)
   */
  'POST /api/content-ai/generate/site/{id}': { body: ContentAiSiteInput; response: ContentAiGeneration };
  'POST /api/content-ai/generate/image': { body: ContentAiImageInput; response: ContentAiGeneration };
  'GET /api/content-ai/generations/{id}': { response: ContentAiGeneration };
  'GET /api/logs': { query: LogListQuery; response: LogEntry[] };
  /** the media library (issue 18): images, image templates' layers and rendering, fonts */
  'GET /api/images': { query: CrudQuery; response: Image[] };
  'GET /api/images/{id}': { response: Image };
  'PUT /api/images/{id}': { body: ImageUpdateInput; response: Image };
  'DELETE /api/images/{id}': { response: null };
  'GET /api/image-templates/{id}/layers': { response: TemplateLayer[] };
  'POST /api/image-templates/{id}/render': { body: z.input<typeof ImageTemplateRenderInput>; response: Image };
  'GET /api/fonts': { response: FontFamilyInfo[] };
  /** the family's CSS (text/css, not JSON: the client answers null); `file` is `style-{variant}.embed.css` */
  'GET /api/fonts/google/{family}/{file}': { response: null };
  'GET /api/logs/{id}': { response: LogEntry };

  /* ------------------------------------------------------------ time tracking (issue 19) */
  'GET /api/time-tracking/me': { response: RpcMap['time-tracking.clock.me']['res'] };
  'POST /api/time-tracking/working-activities/{action}': {
    body: ClockInput;
    response: RpcMap['time-tracking.clock.act']['res'];
  };
  /** the branch terminal: device key, username and code go in the x-time-tracking-device-key / -user / -token headers */
  'GET /api/time-tracking/{branch}/me': { response: RpcMap['time-tracking.terminal.me']['res'] };
  'GET /api/time-tracking/{branch}/balances': { query: TimeRangeQuery; response: UserBalance[] };
  'POST /api/time-tracking/{branch}/working-activities/{action}': {
    body: ClockInput;
    response: RpcMap['time-tracking.terminal.act']['res'];
  };
  'GET /api/time-sheets/balances': {
    query: TimeRangeQuery & { user?: number; branch?: number };
    response: UserBalance[];
  };
  'GET /api/time-sheets/holiday-balances': { query: { user?: number; year?: number }; response: HolidayBalance[] };
  'GET /api/time-tracking/access-tokens': { response: RpcMap['time-tracking.access-token.list']['res'] };
  'POST /api/time-tracking/access-tokens': {
    body: z.input<typeof AccessTokenIssueInput>;
    response: RpcMap['time-tracking.access-token.issue']['res'];
  };
  'POST /api/time-tracking/access-tokens/{id}/revoke': { response: RpcMap['time-tracking.access-token.revoke']['res'] };
  'GET /api/time-tracking/time-clocks': { response: RpcMap['time-tracking.time-clock.list']['res'] };
  'POST /api/time-tracking/time-clocks': {
    body: z.input<typeof TimeClockInput>;
    response: RpcMap['time-tracking.time-clock.create']['res'];
  };
  /* ------------------------------------------------------------ digital signage */
  'POST /api/digital-signage-devices/{id}/command': { body: SignageCommandInput; response: SignageDevice };
  'POST /api/digital-signage-devices/{id}/command/abort': { response: SignageDevice };
  'POST /api/digital-signage-devices/command': { body: SignageBulkCommandInput; response: SignageBulkCommandResult };
  'GET /api/digital-signage-streams/{id}/preview': { response: StreamPreview };
  'GET /api/statistics/{metric}': { query: StatisticsQuery; response: StatisticsReply };
}

/** from/to as local days ('YYYY-MM-DD'); without them the current month. */
export interface TimeRangeQuery {
  from?: string;
  to?: string;
}

/** The login answer: the user and the CSRF token for the session's writes. */
export interface StaffLogin {
  user: User;
  csrfToken: string;
  /** an administrator without the required two-factor login: only its enrolment is open */
  mfaSetupRequired?: boolean;
}

/** An ALTCHA proof-of-work challenge (altcha-lib's Challenge): solved in the browser, sent back in X-Altcha. */
export interface AltchaChallenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

/** `?branch=` of the staff order views (all the user's branches without it). */
export interface BranchQuery {
  branch?: number | string;
}

/** Actions without a body are sent `{}`. */
export type EmptyBody = Record<string, never>;

/* ------------------------------------------------------------ standard CRUD (api-contract.md) */

/** The body of POST/PUT: the input of the resource's schema in CRUD_RESOURCES. */
export type CrudInput<R extends CrudResourceName> = z.input<(typeof CRUD_RESOURCES)[R]['input']>;
/** List filters: paging and search, plus the resource's own filters (values as the address bar has them). */
export type CrudQuery = z.input<typeof ListQuery> & Record<string, string | number | undefined>;

type CrudRoutes = {
  [R in CrudResourceName as `GET /api/${R}`]: { query: CrudQuery; response: CrudEntities[R][] };
} & {
  [R in CrudResourceName as `GET /api/${R}/{id}`]: { response: CrudEntities[R] };
} & {
  [R in CrudResourcesWith<'create'> as `POST /api/${R}`]: { body: CrudInput<R>; response: CrudEntities[R] };
} & {
  [R in CrudResourcesWith<'update'> as `PUT /api/${R}/{id}`]: { body: CrudInput<R>; response: CrudEntities[R] };
} & {
  [R in CrudResourceName as `DELETE /api/${R}/{id}`]: { response: null };
};

/* ------------------------------------------------------------ route arithmetic */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type RouteKey = keyof ApiRoutes & string;
/** The paths a method has: PathOf<'GET'> = '/api/init' | '/api/orders/{id}' | … */
export type PathOf<M extends Method> = RouteKey extends infer K ? (K extends `${M} ${infer P}` ? P : never) : never;
/** Every path of every method. */
export type AnyPath = PathOf<Method>;
type Templated = `${string}{${string}}${string}`;
/** The paths of a method without parameters: they may be written as plain strings. */
export type FixedPathOf<M extends Method> = Exclude<PathOf<M>, Templated>;

type RouteOf<M extends Method, P> = P extends unknown
  ? `${M} ${P & string}` extends RouteKey
    ? ApiRoutes[`${M} ${P & string}`]
    : never
  : never;
/** The answer's `data`. */
export type ResponseOf<M extends Method, P> =
  RouteOf<M, P> extends infer R ? (R extends { response: infer T } ? T : never) : never;
/** The request body (`undefined`: none). */
export type BodyOf<M extends Method, P> =
  RouteOf<M, P> extends infer R ? (R extends { body: infer B } ? B : undefined) : never;
/** The query a GET path takes, if any. */
export type QueryOf<P> = RouteOf<'GET', P> extends infer R ? (R extends { query: infer Q } ? Q : never) : never;

type ParamNames<P> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamNames<Rest> : never;
/** `{uid, hash}` for '/api/orders/public/{uid}/{hash}'. */
export type ParamsOf<P> = { [K in ParamNames<P>]: string | number };

/** The envelope of a list answer: its data and the paging. */
export interface ListEnvelope<T> {
  data: T;
  meta?: ListMeta;
}
