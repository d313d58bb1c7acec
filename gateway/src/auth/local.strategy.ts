import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Actor } from '@shop/contracts';
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

  validate(req: FastifyRequest, username: string, password: string): Promise<Actor> {
    return this.bus.request('identity.auth.verify-credentials', { username, password, client: req.ip });
  }
}
