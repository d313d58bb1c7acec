import { createRpcController, rpc } from '@shop/server';
import { MfaService } from './mfa.service.js';

/** The staff member's own two-factor login (the actor is always the user concerned). */
export class MfaController extends createRpcController([
  rpc('identity.mfa.status', MfaService, (mfa, m) => mfa.status(m.actor)),
  rpc('identity.mfa.setup', MfaService, (mfa, m) => mfa.setup(m.actor)),
  rpc('identity.mfa.enable', MfaService, (mfa, m) => mfa.enable(m.actor, m.payload.body)),
  rpc('identity.mfa.disable', MfaService, (mfa, m) => mfa.disable(m.actor, m.payload.body)),
]) {}
