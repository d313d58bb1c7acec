import fastifyBasicAuth from '@fastify/basic-auth';
import type { PlayerCredentials, PlayerPush, ResponseSchemaName } from '@shop/contracts';
import { DomainException, ServiceBus } from '@shop/server';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Logger } from 'pino';
import { basicChallenge, deviceFailure, deviceUnauthenticated } from '../common/device-basic-auth.js';
import { sendError } from '../common/error-envelope.js';
import { openEventStream } from '../common/event-stream.js';
import { pathId } from '../common/path-id.js';
import { machineRateLimit } from '../devices/machine-rate-limit.js';
import { documented, type RouteOperation } from '../openapi/route-docs.js';
import { answer } from '../openapi/returns.js';
import { AckBatcher } from './ack-batcher.js';
import type { SignagePushHub } from './signage-push.hub.js';

const BASE = '/api/digital-signage-player';
export const PLAYER_PATHS = {
  events: `${BASE}/events`,
  schedule: `${BASE}/schedule`,
  heartbeat: `${BASE}/heartbeat`,
  ack: `${BASE}/commands/:id/ack`,
  result: `${BASE}/commands/:id/result`,
  pickup: `${BASE}/boards/pickup`,
  menu: `${BASE}/boards/menu`,
} as const;

/** The stream ends after this long and the player reconnects: a disabled device or a new key takes effect. */
const MAX_STREAM_MS = 10 * 60_000;
const REALM = 'Signage';
/**
 * The header the browser player sends with its calls (web/player). Its 401 carries no Basic challenge: Chromium
 * answers a challenge to a fetch with its sign-in prompt and the call never settles, so a player with a wrong or
 * rotated key would hang instead of showing its sign-in form (issue 42).
 */
export const BROWSER_PLAYER_HEADER = 'x-requested-with';

/** The error answer of a player route: a machine gets the realm's challenge with a 401, the browser player not. */
function playerFailure(logger: Logger) {
  const challenged = deviceFailure(basicChallenge(REALM), logger);
  return (reply: FastifyReply, err: unknown) => {
    if (!reply.request.headers[BROWSER_PLAYER_HEADER]) return challenged(reply, err);
    const bad = (err as { code?: unknown } | null)?.code === 'FST_BASIC_AUTH_MISSING_OR_BAD_AUTHORIZATION_HEADER';
    reply.removeHeader('www-authenticate');
    return sendError(reply, bad ? deviceUnauthenticated() : err, logger);
  };
}
const credentialsOf = new WeakMap<FastifyRequest, PlayerCredentials>();

const commandId = (req: FastifyRequest) =>
  pathId((req.params as { id: string }).id, () => DomainException.notFound('Befehl'));

function credentials(req: FastifyRequest): PlayerCredentials {
  const found = credentialsOf.get(req);
  if (!found) throw deviceUnauthenticated();
  return found;
}

/**
 * The signage player's routes (plain Fastify, no session, not under the per-address write limit: a screen is a
 * machine, and a branch's screens share an address). A player signs in with HTTP Basic (the device's identifier
 * and key), which the signage service checks on every call; the browser player sends it from `fetch`, so the key
 * travels in a header, never in a URL. Each device has `perMinute` requests a minute from its address
 * (machineRateLimit; an open event stream counts once), past them the German 429, which the player retries later.
 *
 * `GET …/events` is the push channel: server-sent events (`hello`, `command`, `abort`, `schedule`, `pickup`,
 * `menu`) fed by NATS through SignagePushHub. SSE, not WebSocket: the channel is one-way (the player's answers are
 * ordinary POSTs), it is plain HTTP through every proxy, and an idle stream costs the gateway one socket.
 */
export async function registerPlayerRoutes(
  fastify: FastifyInstance,
  bus: ServiceBus,
  hub: SignagePushHub,
  logger: Logger,
  perMinute: number,
): Promise<void> {
  const fail = playerFailure(logger);
  await fastify.register(async (scope) => {
    await scope.register(fastifyBasicAuth, {
      authenticate: { realm: REALM },
      validate: async (identifier, key, req) => {
        if (!identifier) throw deviceUnauthenticated();
        credentialsOf.set(req, { identifier, key });
      },
    });
    scope.setErrorHandler((err, _req, reply) => fail(reply, err));
    const limit = machineRateLimit(scope, 'player', perMinute, (req) => credentials(req).identifier);
    const device = { config: { rateLimit: false as const }, preHandler: [scope.basicAuth, limit] };
    const opts = (operation: Omit<RouteOperation, 'x-access'>) =>
      documented({ 'x-access': { kind: 'device' }, tags: ['digital-signage-player'], ...operation }, device);
    const route: PlayerRoute = (method, path, operation, handle) =>
      scope[method](path, opts(operation), async (req, reply) => {
        try {
          return reply.header('cache-control', 'no-store').send({ data: await handle(req, credentials(req)) });
        } catch (err) {
          return fail(reply, err);
        }
      });
    // batched: a command to a whole branch brings all its screens' acks at once (see AckBatcher)
    const acks = new AckBatcher(bus);
    scope.addHook('onClose', async () => acks.flush());
    statusRoutes(route, bus, acks);
    boardRoutes(route, bus);
    eventsRoute(scope, opts, bus, hub, fail);
  });
}

/** A player route: its operation, and the work whose result is the answer's `data` (errors in the envelope). */
type PlayerRoute = (
  method: 'get' | 'post',
  path: string,
  operation: Omit<RouteOperation, 'x-access'>,
  handle: (req: FastifyRequest, creds: PlayerCredentials) => Promise<unknown>,
) => unknown;
type PlayerOptions = (operation: Omit<RouteOperation, 'x-access'>) => RouteShorthandOptions;

const answers = (data: ResponseSchemaName) => ({ 200: answer({ data }) });
const idParam = [{ name: 'id', in: 'path' as const, required: true, schema: { type: 'integer' as const, minimum: 1 } }];
const anyObject = { content: { 'application/json': { schema: { type: 'object' as const } } } };

/** The player's schedule, its heartbeat and its answers to a command. */
function statusRoutes(route: PlayerRoute, bus: ServiceBus, acks: AckBatcher): void {
  route(
    'get',
    PLAYER_PATHS.schedule,
    {
      operationId: 'signagePlayerSchedule',
      summary: "The player's scene with streams and segments, power schedule and open command",
      responses: answers('signage.player.schedule'),
    },
    (_req, creds) => bus.request('signage.player.schedule', creds),
  );
  route(
    'post',
    PLAYER_PATHS.heartbeat,
    {
      operationId: 'signagePlayerHeartbeat',
      summary: 'Heartbeat (every 20 s) with the scene shown and the screen state; offline after 60 s without',
      requestBody: anyObject,
      responses: answers('signage.player.heartbeat'),
    },
    (req, creds) => bus.request('signage.player.heartbeat', { ...creds, body: (req.body ?? {}) as never }),
  );
  route(
    'post',
    PLAYER_PATHS.ack,
    {
      operationId: 'signagePlayerAck',
      summary: 'The player received the command (pending → acknowledged)',
      parameters: idParam,
      responses: answers('SignageCommand'),
    },
    (req, creds) => acks.ack(creds, commandId(req)),
  );
  route(
    'post',
    PLAYER_PATHS.result,
    {
      operationId: 'signagePlayerResult',
      summary: 'The command finished: {ok, result} (done or failed)',
      parameters: idParam,
      requestBody: anyObject,
      responses: answers('signage.player.result'),
    },
    (req, creds) =>
      bus.request('signage.player.result', { ...creds, command: commandId(req), body: (req.body ?? {}) as never }),
  );
}

/** The boards a player shows: pickup numbers and the menu. */
function boardRoutes(route: PlayerRoute, bus: ServiceBus): void {
  route(
    'get',
    PLAYER_PATHS.pickup,
    {
      operationId: 'signagePlayerPickupBoard',
      summary: "The branch's ticket numbers in 'Wird bearbeitet' and 'Abholbereit'",
      responses: answers('signage.player.pickup-board'),
    },
    (_req, creds) => bus.request('signage.player.pickup-board', creds),
  );
  route(
    'get',
    PLAYER_PATHS.menu,
    {
      operationId: 'signagePlayerMenuBoard',
      summary: "The branch's menus, categories and products (disabled ones shown sold out)",
      responses: answers('signage.player.menu-board'),
    },
    (_req, creds) => bus.request('signage.player.menu-board', creds),
  );
}

/** The push channel: server-sent events, the hub's pushes for this device after its `hello`. */
function eventsRoute(
  scope: FastifyInstance,
  opts: PlayerOptions,
  bus: ServiceBus,
  hub: SignagePushHub,
  fail: (reply: FastifyReply, err: unknown) => void,
): void {
  const events = opts({
    operationId: 'signagePlayerEvents',
    summary: 'Server-sent events of a signage player: hello, command, abort, schedule, pickup, menu',
    responses: { 200: answer({ media: ['text/event-stream'], description: 'the event stream' }) },
  });
  scope.get(PLAYER_PATHS.events, events, async (req, reply) => {
    let hello: Awaited<ReturnType<typeof bus.request<'signage.player.connect'>>>;
    try {
      hello = await bus.request('signage.player.connect', credentials(req));
    } catch (err) {
      return fail(reply, err);
    }
    let remove = () => {};
    const res = openEventStream(req, reply, { maxMs: MAX_STREAM_MS, onClose: () => remove() });
    // nothing after the end (a stream opened while the gateway shuts down is ended by the hub at once)
    const write = (push: PlayerPush | { type: 'hello'; device: number }) =>
      !res.writableEnded && res.write(`event: ${push.type}\ndata: ${JSON.stringify(push)}\n\n`);
    remove = hub.add({
      device: hello.device,
      branch: hello.branch,
      send: (push) => (push.type === 'shutdown' ? res.end() : write(push)),
    });
    // registered before it is told: a command issued since the connect check arrives as a push (the player
    // ignores a command id it has seen), one issued before comes with the answer of the connect check
    write({ type: 'hello', device: hello.device });
    if (hello.command) write({ type: 'command', command: hello.command });
  });
}
