import { z } from 'zod';
import type { Actor } from './identity.schema.js';

/**
 * Two-factor login for staff (issue 15, item 8; OWASP ASVS 2.8): a TOTP authenticator app (RFC 6238, 6 digits,
 * 30 s) with 10 one-time recovery codes. Enrolment: setup (secret + QR code) → enable with a first code (the
 * recovery codes are shown once) → the login asks for a code. Administrators must enrol first when the identity
 * service's MFA_REQUIRED_FOR_ADMINS is on (default in production).
 */
export const MFA_RECOVERY_CODE_COUNT = 10;

/** a TOTP code (6 digits) or a recovery code (xxxxx-xxxxx) */
export const MfaCode = z.string().trim().min(1).max(64);
export const MfaEnableInput = z.object({ code: MfaCode });
export type MfaEnableInput = z.infer<typeof MfaEnableInput>;
export const MfaDisableInput = z.object({ password: z.string().min(1).max(200), code: MfaCode });
export type MfaDisableInput = z.infer<typeof MfaDisableInput>;

export interface MfaStatus {
  enabled: boolean;
  /** this user must enrol before anything else (an administrator while MFA_REQUIRED_FOR_ADMINS is on) */
  required: boolean;
  recoveryCodesLeft: number;
}

export interface MfaSetup {
  /** base32, for typing into the app by hand */
  secret: string;
  otpauthUrl: string;
  /** the otpauth URL as a PNG data URL (QR code) */
  qrCode: string;
}

/** shown exactly once, at enabling; only their hashes are stored */
export interface MfaRecoveryCodes {
  recoveryCodes: string[];
}

/** A successful first factor: who it is and whether they must enrol in MFA before doing anything else. */
export type LoginResult = Actor & { mfaSetupRequired?: boolean };

declare module '../bus/subjects.js' {
  interface RpcMap {
    'identity.mfa.status': { req: Record<string, never>; res: MfaStatus };
    'identity.mfa.setup': { req: Record<string, never>; res: MfaSetup };
    'identity.mfa.enable': { req: { body: MfaEnableInput }; res: MfaRecoveryCodes };
    'identity.mfa.disable': { req: { body: MfaDisableInput }; res: MfaStatus };
  }
}
