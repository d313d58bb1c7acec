import { Injectable } from '@nestjs/common';
import { type MessageKey } from '@shop/i18n-de';
import { DomainException } from '@shop/server';
import { createHash } from 'node:crypto';
import type { GatewayConfig } from '../config/gateway-config.js';
import { ChallengedCounter, type CounterWindow } from '../common/challenged-counter.js';
import { clientKey } from '../common/client-address.js';

const hashed = (s: string) => createHash('sha256').update(s).digest('base64url');
/** one way of writing a phone number: digits with a leading +, 00 read as + */
const normalPhone = (phone: string) => phone.replace(/[^\d+]/g, '').replace(/^00/, '+');

/**
 * What an order names, in the form the limits count it: the Redis key of each (hashed: no personal data in Redis
 * keys), null when the order does not name it. Hashed once per order.
 */
export interface OrderSubjects {
  client: string;
  phone: string | null;
  email: string | null;
}

/** `clientIp`: the request's client address (`req.ip`), counted as `clientKey` reads it */
export function orderSubjects(clientIp: string, body: unknown): OrderSubjects {
  const b = (body && typeof body === 'object' ? body : {}) as { phone?: unknown; email?: unknown };
  const phone = typeof b.phone === 'string' ? normalPhone(b.phone) : '';
  const email = typeof b.email === 'string' ? b.email.trim().toLowerCase() : '';
  return {
    client: `client:${hashed(clientKey(clientIp))}`,
    phone: phone.length >= 5 ? `phone:${hashed(phone)}` : null,
    email: email.includes('@') ? `email:${hashed(email)}` : null,
  };
}

/**
 * Limits of anonymous orders (issue 15, item 6: SMS toll fraud and mail bombing through the order
 * confirmations). Orders taken are counted per client (its address, an IPv6 client by its /64), phone number and
 * e-mail address over ORDER_LIMIT_WINDOW_SECONDS, each reserved before it is sent on and given back when it is
 * not taken. Past ORDER_CHALLENGE_AFTER on any of them, an order needs a solved ALTCHA
 * proof-of-work challenge (altcha-lib: HMAC-signed, expiring, solved by the browser itself, no third party) in
 * the X-Altcha header, and each solution works once. Past ORDER_LIMIT_PER_* the order is refused.
 */
@Injectable()
export class OrderAbuseLimits extends ChallengedCounter {
  protected windowOf(config: GatewayConfig): CounterWindow {
    return { prefix: 'orders:', seconds: config.ORDER_LIMIT_WINDOW_SECONDS };
  }

  /**
   * Before the order is sent on: holds its place on each of its keys (one atomic step, see SlidingWindow), or
   * refuses it past a limit, or without a fresh solution past the threshold. Answers the release: the caller
   * gives the place back when the order is not taken after all.
   */
  async admit(subjects: OrderSubjects, solution: string | undefined): Promise<() => Promise<void>> {
    const c = this.config;
    const checks: Array<{ key: string | null; limit: number; field: string | null; text: MessageKey }> = [
      { key: subjects.client, limit: c.ORDER_LIMIT_PER_CLIENT, field: null, text: 'http.tooManyOrdersClient' },
      { key: subjects.phone, limit: c.ORDER_LIMIT_PER_PHONE, field: 'phone', text: 'http.tooManyOrdersPhone' },
      { key: subjects.email, limit: c.ORDER_LIMIT_PER_EMAIL, field: 'email', text: 'http.tooManyOrdersEmail' },
    ];
    const named = checks.filter((check): check is (typeof checks)[number] & { key: string } => check.key !== null);
    const reservation = await this.hold(named, c.ORDER_CHALLENGE_AFTER, solution, {
      required: 'http.challengeRequired',
      invalid: 'http.challengeInvalid',
    });
    if (reservation.outcome === 'full') {
      const { text, field } = named[reservation.index];
      const seconds = Math.max(
        1,
        Math.ceil((reservation.oldest + c.ORDER_LIMIT_WINDOW_SECONDS * 1000 - Date.now()) / 1000),
      );
      const ex = DomainException.of('TOO_MANY_REQUESTS', text, { minutes: Math.ceil(seconds / 60) }, field);
      throw Object.assign(ex, { extra: { retryAfter: seconds } });
    }
    return reservation.release;
  }
}
