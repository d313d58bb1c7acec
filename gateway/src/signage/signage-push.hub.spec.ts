import type { NatsConnection } from '@nats-io/transport-node';
import pino from 'pino';
import type { OrderEventsHub } from '../backoffice/order-events.hub.js';
import type { GatewayConfig } from '../config/gateway-config.js';
import { SignagePushHub, type PlayerConnection } from './signage-push.hub.js';

/** A gateway shutting down ends every player stream, also one that opens after the shutdown began. */
describe('SignagePushHub at shutdown', () => {
  const hub = () =>
    new SignagePushHub(
      {} as NatsConnection,
      { NATS_SUBJECT_PREFIX: 'hubtest.' } as GatewayConfig,
      pino({ level: 'silent' }),
      {} as OrderEventsHub,
    );
  const connection = (device: number) => {
    const pushes: string[] = [];
    const c: PlayerConnection = { device, branch: 1, send: (push) => pushes.push(push.type) };
    return { c, pushes };
  };

  it('ends the open streams, and a stream registered afterwards at once (it would hold the server open)', () => {
    const h = hub();
    const open = connection(1);
    h.add(open.c);
    h.onModuleDestroy();
    expect(open.pushes).toEqual(['shutdown']);
    const late = connection(2);
    h.add(late.c);
    expect(late.pushes).toEqual(['shutdown']);
    expect(h.size).toBe(0);
  });
});

/** issue 42: a TV's changed record (a new key) ends its streams; the back office's TV lists hear of every change. */
describe('SignagePushHub: TV changes', () => {
  const hub = () =>
    new SignagePushHub(
      {} as NatsConnection,
      { NATS_SUBJECT_PREFIX: 'hubtest.' } as GatewayConfig,
      pino({ level: 'silent' }),
      {} as OrderEventsHub,
    );
  const connection = (device: number) => {
    const pushes: string[] = [];
    const c: PlayerConnection = { device, branch: 1, send: (push) => pushes.push(push.type) };
    return { c, pushes };
  };
  const at = new Date().toISOString();

  it("ends the changed TV's streams only (its player reconnects and signs in again) and tells the watchers", () => {
    const h = hub();
    const [rotated, other] = [connection(1), connection(2)];
    h.add(rotated.c);
    h.add(other.c);
    const watched: unknown[] = [];
    const unwatch = h.watch((m) => watched.push(m));
    h.onSignage({ name: 'signage.device.updated', payload: { entity: 'device', id: 1, verb: 'updated', at } });
    expect(rotated.pushes).toEqual(['shutdown']);
    expect(other.pushes).toEqual([]);
    expect(watched).toEqual([{ type: 'device', device: 1 }]);
    unwatch();
    h.onSignage({ name: 'signage.device.updated', payload: { entity: 'device', id: 2, verb: 'updated', at } });
    expect(watched).toHaveLength(1);
  });

  it("pushes a command to its TV and tells the watchers each state; a gateway's shutdown ends the watchers", () => {
    const h = hub();
    const tv = connection(3);
    h.add(tv.c);
    const watched: unknown[] = [];
    h.watch((m) => watched.push(m));
    const command = {
      id: 9,
      type: 'reload' as const,
      scene: null,
      state: 'pending' as const,
      createdAt: at,
      expiresAt: at,
      acknowledgedAt: null,
      finishedAt: null,
      result: null,
    };
    h.onSignage({ name: 'signage.command.changed', payload: { device: 3, command, at } });
    h.onSignage({
      name: 'signage.command.changed',
      payload: { device: 3, command: { ...command, state: 'done' }, at },
    });
    expect(tv.pushes).toEqual(['command']);
    expect(watched).toEqual([
      { type: 'device', device: 3 },
      { type: 'device', device: 3 },
    ]);
    h.onModuleDestroy();
    expect(watched.at(-1)).toEqual({ type: 'shutdown' });
    const late: unknown[] = [];
    h.watch((m) => late.push(m));
    expect(late).toEqual([{ type: 'shutdown' }]);
  });
});

/** A TV's first stream here tells the TV list (its connect check marked it seen): shown online without a re-read. */
describe('SignagePushHub: a TV comes online', () => {
  it("tells the watchers of a TV's first stream, not of a second one, and ends no stream", () => {
    const h = new SignagePushHub(
      {} as NatsConnection,
      { NATS_SUBJECT_PREFIX: 'hubtest.' } as GatewayConfig,
      pino({ level: 'silent' }),
      {} as OrderEventsHub,
    );
    const watched: unknown[] = [];
    h.watch((m) => watched.push(m));
    const pushes: string[] = [];
    const stream = (): PlayerConnection => ({ device: 5, branch: 1, send: (push) => pushes.push(push.type) });
    const close = h.add(stream());
    expect(watched).toEqual([{ type: 'device', device: 5 }]);
    h.add(stream());
    expect(watched).toHaveLength(1);
    close();
    expect(pushes).toEqual([]);
  });
});
