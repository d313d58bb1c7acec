import type { PlayerAckBatch, PlayerCredentials, SignageCommand } from '@shop/contracts';
import { DomainException, type ServiceBus } from '@shop/server';

/** how long the first ack of a batch waits for others; a command to a whole branch brings them within this */
export const ACK_BATCH_MS = 25;
/** a batch this full goes at once */
export const ACK_BATCH_MAX = 250;

interface Waiting {
  ack: PlayerAckBatch['acks'][number];
  resolve(command: SignageCommand): void;
  reject(err: unknown): void;
}

/**
 * Players' acknowledgements collected for ACK_BATCH_MS (or ACK_BATCH_MAX of them) and sent to the signage service
 * as one bus request (`signage.player.ack-many`), which applies them in one transaction; each player gets its own
 * answer (its command, or its own 401/404). A command to a thousand screens brings a thousand acks within a few
 * hundred milliseconds: as single requests they queued in the service until the bus gave up (503); batched they
 * are a few dozen requests. A failed batch request fails each of its acks (the player retries, the ack is
 * idempotent).
 */
export class AckBatcher {
  private waiting: Waiting[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly bus: ServiceBus) {}

  ack(creds: PlayerCredentials, command: number): Promise<SignageCommand> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ ack: { ...creds, command }, resolve, reject });
      if (this.waiting.length >= ACK_BATCH_MAX) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), ACK_BATCH_MS);
    });
  }

  /** Sends what is waiting now (also when the gateway closes). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.waiting;
    this.waiting = [];
    if (!batch.length) return;
    this.bus.request('signage.player.ack-many', { acks: batch.map((w) => w.ack) }).then(
      ({ results }) =>
        batch.forEach((w, i) => {
          const outcome = results[i];
          if (outcome && 'command' in outcome) w.resolve(outcome.command);
          else w.reject((outcome && DomainException.fromWire(outcome.error)) ?? new Error('ack left unanswered'));
        }),
      (err: unknown) => batch.forEach((w) => w.reject(err)),
    );
  }
}
