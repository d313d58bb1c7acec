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
