import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Actor } from '@shop/contracts';
import { ServiceBus } from '@shop/server';
import { Strategy } from 'passport-local';

/** Username and password (form or JSON) checked by the identity service. */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  constructor(private readonly bus: ServiceBus) {
    super({ usernameField: 'username', passwordField: 'password' });
  }

  validate(username: string, password: string): Promise<Actor> {
    return this.bus.request('identity.auth.verify-credentials', { username, password });
  }
}
