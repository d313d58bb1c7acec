import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Rpc, type RpcMessage } from '@shop/server';
import { MfaService } from './mfa.service.js';

/** The staff member's own two-factor login (the actor is always the user concerned). */
@Controller()
export class MfaController {
  constructor(private readonly mfa: MfaService) {}

  @Rpc('identity.mfa.status')
  status(@Payload() m: RpcMessage<'identity.mfa.status'>) {
    return this.mfa.status(m.actor);
  }

  @Rpc('identity.mfa.setup')
  setup(@Payload() m: RpcMessage<'identity.mfa.setup'>) {
    return this.mfa.setup(m.actor);
  }

  @Rpc('identity.mfa.enable')
  enable(@Payload() m: RpcMessage<'identity.mfa.enable'>) {
    return this.mfa.enable(m.actor, m.payload.body);
  }

  @Rpc('identity.mfa.disable')
  disable(@Payload() m: RpcMessage<'identity.mfa.disable'>) {
    return this.mfa.disable(m.actor, m.payload.body);
  }
}
