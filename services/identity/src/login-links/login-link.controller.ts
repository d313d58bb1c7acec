import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Rpc, type RpcMessage } from '@shop/server';
import { LoginLinkService } from './login-link.service.js';

@Controller()
export class LoginLinkController {
  constructor(private readonly links: LoginLinkService) {}

  @Rpc('identity.auth.create-login-link')
  create(@Payload() m: RpcMessage<'identity.auth.create-login-link'>) {
    return this.links.create(m.actor, m.payload?.userId);
  }

  @Rpc('identity.auth.consume-login-link')
  consume(@Payload() m: RpcMessage<'identity.auth.consume-login-link'>) {
    return this.links.consume(m.payload);
  }
}
