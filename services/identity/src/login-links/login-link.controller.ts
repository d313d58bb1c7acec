import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { LOGIN_LINK_SUBJECTS, type RpcEnvelope, type RpcMap } from '@shop/contracts';
import { LoginLinkService } from './login-link.service.js';

@Controller()
export class LoginLinkController {
  constructor(private readonly links: LoginLinkService) {}

  @MessagePattern(LOGIN_LINK_SUBJECTS.create)
  create(@Payload() m: RpcEnvelope<RpcMap['identity.auth.create-login-link']['req']>) {
    return this.links.create(m.actor, m.payload?.userId);
  }

  @MessagePattern(LOGIN_LINK_SUBJECTS.consume)
  consume(@Payload() m: RpcEnvelope<RpcMap['identity.auth.consume-login-link']['req']>) {
    return this.links.consume(m.payload);
  }
}
