import type { RpcSubject, ServiceCaller } from '@shop/contracts';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { DomainException } from '../errors/domain-exception.js';

/** A service's own name with the services' shared secret: it signs the requests it makes on its own behalf. */
export interface ServiceIdentity {
  service: string;
  secret: string;
}

const mac = (secret: string, service: string, subject: string) =>
  createHmac('sha256', secret).update(`${service}\n${subject}`).digest('base64url');

export function signCaller(identity: ServiceIdentity, subject: RpcSubject): ServiceCaller {
  return { service: identity.service, signature: mac(identity.secret, identity.service, subject) };
}

/**
 * For subjects only services may call (no staff member, no visitor): the caller must be one of `services`,
 * signed with the shared secret for this very subject; anything else answers 403.
 */
export function requireService(
  caller: ServiceCaller | undefined,
  subject: RpcSubject,
  secret: string,
  services: readonly string[],
): string {
  if (caller && services.includes(caller.service)) {
    const expected = Buffer.from(mac(secret, caller.service, subject));
    const given = Buffer.from(String(caller.signature));
    if (expected.length === given.length && timingSafeEqual(expected, given)) return caller.service;
  }
  throw DomainException.forbidden();
}
