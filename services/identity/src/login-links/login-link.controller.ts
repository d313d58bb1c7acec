import { createRpcController, rpc } from '@shop/server';
import { LoginLinkService } from './login-link.service.js';

export class LoginLinkController extends createRpcController([
  rpc('identity.auth.create-login-link', LoginLinkService, (links, m) => links.create(m.actor, m.payload?.userId)),
  rpc('identity.auth.consume-login-link', LoginLinkService, (links, m) => links.consume(m.payload)),
]) {}
