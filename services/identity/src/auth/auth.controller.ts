import { createRpcController, rpc } from '@shop/server';
import { AuthService } from './auth.service.js';

export class AuthController extends createRpcController([
  rpc('identity.auth.verify-credentials', AuthService, (auth, m) => auth.verifyCredentials(m.payload)),
  rpc('identity.user.unlock', AuthService, (auth, m) => auth.unlock(m.actor, m.payload.id)),
  rpc('identity.user.me', AuthService, (auth, m) => auth.me(m.payload.id)),
]) {}
