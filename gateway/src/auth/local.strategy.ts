import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { LoginResult } from '@shop/contracts';
import { ServiceBus } from '@shop/server';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-local';

/**
 * Username and password (form or JSON) checked by the identity service, with the client's IP address (Fastify's
 * `request.ip`, which honours the trusted proxies): failed logins lock the pair (username, client).
 */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  constructor(private readonly bus: ServiceBus) {
    super({ usernameField: 'username', passwordField: 'password', passReqToCallback: true });
  }

  validate(req: FastifyRequest, username: string, password: string): Promise<LoginResult> {
    // the second factor, when the user has one: the authenticator app's code or a recovery code
    const body = req.body as { code?: unknown } | undefined;
    const code = typeof body?.code === 'string' && body.code.trim() ? body.code.trim().slice(0, 64) : undefined;
    return this.bus.request('identity.auth.verify-credentials', { username, password, client: req.ip, code });
  }
}
