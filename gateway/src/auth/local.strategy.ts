import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { LoginResult } from '@shop/contracts';
import { ServiceBus } from '@shop/server';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-local';
import { clientKey } from '../common/client-address.js';
import { LoginFailures } from './login-failures.js';

/**
 * Username and password (form or JSON) checked by the identity service, with the client's IP address (Fastify's
 * `request.ip`, which honours the trusted proxies; an IPv6 client by its /64): failed logins lock the pair (username,
 * client). Failures per
 * username are counted here too: past their threshold a login needs a solved proof-of-work (X-Altcha).
 */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  constructor(
    private readonly bus: ServiceBus,
    private readonly failures: LoginFailures,
  ) {
    super({ usernameField: 'username', passwordField: 'password', passReqToCallback: true });
  }

  async validate(req: FastifyRequest, username: string, password: string): Promise<LoginResult> {
    // the second factor, when the user has one: the authenticator app's code or a recovery code
    const body = req.body as { code?: unknown } | undefined;
    const code = typeof body?.code === 'string' && body.code.trim() ? body.code.trim().slice(0, 64) : undefined;
    const altcha = req.headers['x-altcha'];
    // a username that is no string (JSON's 123, true) counts as its text; identity refuses it with the German 422
    const settle = await this.failures.begin(String(username), typeof altcha === 'string' ? altcha : undefined);
    try {
      const result = await this.bus.request('identity.auth.verify-credentials', {
        username,
        password,
        client: clientKey(req.ip),
        code,
      });
      await settle();
      return result;
    } catch (err) {
      await settle(err);
      throw err;
    }
  }
}
