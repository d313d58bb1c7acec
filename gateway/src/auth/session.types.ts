import type { Actor } from '@shop/contracts';

declare module 'fastify' {
  interface Session {
    /** the staff member logged in with this session */
    actor?: Actor;
    /** when identity last confirmed the actor (ms since epoch) */
    actorCheckedAt?: number;
  }
}
export {};
