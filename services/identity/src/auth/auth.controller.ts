import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Rpc, type RpcMessage } from '@shop/server';

import { AuthService } from './auth.service.js';

@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Rpc('identity.auth.verify-credentials')
  verify(@Payload() m: RpcMessage<'identity.auth.verify-credentials'>) {
    return this.auth.verifyCredentials(m.payload);
  }

  @Rpc('identity.user.unlock')
  unlock(@Payload() m: RpcMessage<'identity.user.unlock'>) {
    return this.auth.unlock(m.actor, m.payload.id);
  }

  @Rpc('identity.user.me')
  me(@Payload() m: RpcMessage<'identity.user.me'>) {
    return this.auth.me(m.payload.id);
  }
}
