import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SUBJECTS, type RpcEnvelope, type RpcMap } from '@shop/contracts';
import { AuthService } from './auth.service.js';

@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @MessagePattern(SUBJECTS.identity.verifyCredentials)
  verify(@Payload() m: RpcEnvelope<RpcMap['identity.auth.verify-credentials']['req']>) {
    return this.auth.verifyCredentials(m.payload);
  }

  @MessagePattern(SUBJECTS.identity.me)
  me(@Payload() m: RpcEnvelope<RpcMap['identity.user.me']['req']>) {
    return this.auth.me(m.payload.id);
  }
}
