import fastifyBasicAuth from '@fastify/basic-auth';
import type { PlayerCredentials, PlayerPush } from '@shop/contracts';
import { DomainException, ServiceBus } from '@shop/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { sendError } from '../common/error-envelope.js';
import { openEventStream } from '../common/event-stream.js';
import { pathId } from '../common/path-id.js';
import { machineRateLimit } from '../devices/machine-rate-limit.js';
import { documented, type RouteOperation } from '../openapi/route-docs.js';
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
const CHALLENGE = `Basic realm="${REALM}", charset="UTF-8"`;
const BAD_AUTHORIZATION_HEADER = 'FST_BASIC_AUTH_MISSING_OR_BAD_AUTHORIZATION_HEADER';
const unauthenticated = () => DomainException.of('UNAUTHENTICATED', 'devices.unauthenticated');
const credentialsOf = new WeakMap<FastifyRequest, PlayerCredentials>();

function credentials(req: FastifyRequest): PlayerCredentials {
  const found = credentialsOf.get(req);
  if (!found) throw unauthenticated();
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
  const fail = (reply: FastifyReply, err: unknown) => {
    const error = (err as { code?: unknown } | null)?.code === BAD_AUTHORIZATION_HEADER ? unauthenticated() : err;
    if (error instanceof DomainException && error.code === 'UNAUTHENTICATED')
      reply.header('www-authenticate', CHALLENGE);
    return sendError(reply, error, logger);
  };
  const commandId = (req: FastifyRequest) =>
    pathId((req.params as { id: string }).id, () => DomainException.notFound('Befehl'));

  await fastify.register(async (scope) => {
    await scope.register(fastifyBasicAuth, {
      authenticate: { realm: REALM },
      validate: async (identifier, key, req) => {
        if (!identifier) throw unauthenticated();
        credentialsOf.set(req, { identifier, key });
      },
    });
    scope.setErrorHandler((err, _req, reply) => fail(reply, err));
    const limit = machineRateLimit(scope, 'player', perMinute, (req) => credentials(req).identifier);
    const device = { config: { rateLimit: false as const }, preHandler: [scope.basicAuth, limit] };
    const opts = (operation: Omit<RouteOperation, 'x-access'>) =>
      documented({ 'x-access': { kind: 'device' }, tags: ['digital-signage-player'], ...operation }, device);
    const route = (
      method: 'get' | 'post',
      path: string,
      operation: Omit<RouteOperation, 'x-access'>,
      handle: (req: FastifyRequest, creds: PlayerCredentials) => Promise<unknown>,
    ) =>
      scope[method](path, opts(operation), async (req, reply) => {
        try {
          return reply.header('cache-control', 'no-store').send({ data: await handle(req, credentials(req)) });
        } catch (err) {
          return fail(reply, err);
        }
      });
    const answers = (description: string) => ({ 200: { description } });
    const idParam = [
      { name: 'id', in: 'path' as const, required: true, schema: { type: 'integer' as const, minimum: 1 } },
    ];
    const anyObject = { content: { 'application/json': { schema: { type: 'object' as const } } } };

    route(
      'get',
      PLAYER_PATHS.schedule,
      {
        operationId: 'signagePlayerSchedule',
        summary: "The player's scene with streams and segments, power schedule and open command",
        responses: answers('PlayerSchedule'),
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
        responses: answers('{at}'),
      },
      (req, creds) => bus.request('signage.player.heartbeat', { ...creds, body: (req.body ?? {}) as never }),
    );
    // batched: a command to a whole branch brings all its screens' acks at once (see AckBatcher)
    const acks = new AckBatcher(bus);
    scope.addHook('onClose', async () => acks.flush());
    route(
      'post',
      PLAYER_PATHS.ack,
      {
        operationId: 'signagePlayerAck',
        summary: 'The player received the command (pending → acknowledged)',
        parameters: idParam,
        responses: answers('the command'),
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
        responses: answers('the command'),
      },
      (req, creds) =>
        bus.request('signage.player.result', { ...creds, command: commandId(req), body: (req.body ?? {}) as never }),
    );
    route(
      'get',
      PLAYER_PATHS.pickup,
      {
        operationId: 'signagePlayerPickupBoard',
        summary: "The branch's ticket numbers in 'Wird bearbeitet' and 'Abholbereit'",
        responses: answers('PickupBoard'),
      },
      (_req, creds) => bus.request('signage.player.pickup-board', creds),
    );
    route(
      'get',
      PLAYER_PATHS.menu,
      {
        operationId: 'signagePlayerMenuBoard',
        summary: "The branch's menus, categories and products (disabled ones shown sold out)",
        responses: answers('MenuBoard'),
      },
      (_req, creds) => bus.request('signage.player.menu-board', creds),
    );

    const events = opts({
      operationId: 'signagePlayerEvents',
      summary: 'Server-sent events of a signage player: hello, command, abort, schedule, pickup, menu',
      responses: answers('text/event-stream'),
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
  });
}
