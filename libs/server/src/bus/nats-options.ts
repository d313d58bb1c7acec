import type { ConnectionOptions } from '@nats-io/transport-node';
import type { BaseConfig } from '../config/config.js';
import { coalesceNatsWrites } from '../runtime/coalesced-writes.js';

/**
 * The options of every NATS connection of a process (events, RPC server, RPC client). The client's default of
 * 10 reconnect attempts would leave a service deaf for good after an outage of about 20 s, with its process
 * still running: every connection reconnects without end instead. Credentials and TLS only where the deployment
 * sets them (deploy/k8s: NATS_USER/NATS_PASSWORD from the Secret; TLS with components/nats-tls).
 * `noAsyncTraces`: the client otherwise creates two Errors with stack traces for every request and JetStream
 * publish (to show the caller's stack if it fails); a tenth of the signage service's CPU while a thousand TVs
 * acknowledged a command (issue 45). A failed request still says what failed (subject, timeout or no responders),
 * and our errors carry the subject. Every connection is made with these options, so this is where its socket's writes
 * are coalesced (`coalesceNatsWrites`).
 */
export function natsOptions(config: BaseConfig, name: string): ConnectionOptions {
  coalesceNatsWrites();
  return {
    servers: config.NATS_URL,
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: config.NATS_RECONNECT_WAIT_MS,
    noAsyncTraces: true,
    ...(config.NATS_USER !== undefined && { user: config.NATS_USER, pass: config.NATS_PASSWORD }),
    ...(config.NATS_TLS_CA_FILE !== undefined && { tls: { caFile: config.NATS_TLS_CA_FILE } }),
  };
}
