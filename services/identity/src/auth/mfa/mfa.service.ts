import { Inject, Injectable } from '@nestjs/common';
import { verify as verifyPassword } from '@node-rs/argon2';
import {
  MFA_RECOVERY_CODE_COUNT,
  MfaDisableInput,
  MfaEnableInput,
  type Actor,
  type MfaRecoveryCodes,
  type MfaSetup,
  type MfaStatus,
} from '@shop/contracts';
import {
  addEntityEventToOutbox,
  CONFIG,
  DomainException,
  OUTBOX_RELAY,
  parseOrThrow,
  type OutboxRelay,
} from '@shop/server';
import { createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import encodeQR from 'qr';
import { DataSource, IsNull, Not, type EntityManager } from 'typeorm';
import type { IdentityConfig } from '../../config/identity-config.js';
import { UserEntity } from '../../users/user.entity.js';
import { mfaCipherFor, type MfaSecretCipher } from './mfa-secret-cipher.js';
import { UserMfaEntity } from './user-mfa.entity.js';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** recovery codes are typed by hand: lower-case letters and digits without look-alikes, 2 × 5 characters */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const normaliseRecovery = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * An SVG QR code (`qr`, as the print worker's receipts): error correction M, a quiet zone of two modules, and a white
 * square behind the modules, which `qr` leaves transparent, so the code scans on a page of any colour.
 */
function qrCodeSvg(text: string): string {
  const svg = encodeQR(text, 'svg', { ecc: 'medium', border: 2 });
  return svg.replace('>', '><rect width="100%" height="100%" fill="#fff"/>');
}

function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * Two-factor login with an authenticator app (otplib: RFC 6238 TOTP, audited noble/scure crypto; QR codes with
 * `qr`): setup, enabling with a first code, 10 one-time recovery codes (sha256-hashed, ~49 bits each, used
 * once), disabling with password and code, and the check of a login's code. A code is accepted once: the
 * accepted time step is stored with a compare-and-set, so a code seen over a shoulder cannot be replayed.
 */
@Injectable()
export class MfaService {
  /** the secrets are stored encrypted (AES-256-GCM, MFA_ENCRYPTION_KEY) and decrypted only to check a code */
  private readonly cipher: MfaSecretCipher;

  constructor(
    private readonly ds: DataSource,
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(OUTBOX_RELAY) private readonly relay: Pick<OutboxRelay, 'kick'>,
  ) {
    this.cipher = mfaCipherFor(config);
  }

  /** An administrator must enrol before doing anything else while MFA_REQUIRED_FOR_ADMINS is on. */
  isRequired(user: Pick<UserEntity, 'roles'>): boolean {
    return this.config.MFA_REQUIRED_FOR_ADMINS && user.roles.includes('ROLE_ADMIN');
  }

  async isEnabled(userId: number, manager: EntityManager = this.ds.manager): Promise<boolean> {
    return manager.getRepository(UserMfaEntity).exists({ where: { userId, enabledAt: Not(IsNull()) } });
  }

  async status(actor: Actor | null): Promise<MfaStatus> {
    const user = await this.self(actor);
    const row = await this.ds.getRepository(UserMfaEntity).findOneBy({ userId: user.id });
    const enabled = !!row?.enabledAt;
    return {
      enabled,
      required: this.isRequired(user),
      recoveryCodesLeft: enabled ? row.recoveryCodeHashes.length : 0,
    };
  }

  /** A new pending secret (replacing a pending one); refused while two-factor login is on. */
  async setup(actor: Actor | null): Promise<MfaSetup> {
    const user = await this.self(actor);
    const repo = this.ds.getRepository(UserMfaEntity);
    const existing = await repo.findOneBy({ userId: user.id });
    if (existing?.enabledAt) throw DomainException.of('CONFLICT', 'auth.mfaAlreadyEnabled');
    const secret = generateSecret();
    await repo.upsert(
      {
        userId: user.id,
        secret: this.cipher.encrypt(user.id, secret),
        enabledAt: null,
        lastTimeStep: null,
        recoveryCodeHashes: [],
      },
      ['userId'],
    );
    const otpauthUrl = generateURI({ issuer: this.config.MFA_ISSUER, label: user.username, secret });
    // SVG, not PNG: the same picture at a tenth of the CPU (PNG encoding took ~200 ms and stalled identity under load)
    const svg = qrCodeSvg(otpauthUrl);
    return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /** The first valid code turns the pending secret on; answers the recovery codes, once. */
  async enable(actor: Actor | null, body: unknown): Promise<MfaRecoveryCodes> {
    const { code } = parseOrThrow(MfaEnableInput, body);
    const user = await this.self(actor);
    const codes = Array.from({ length: MFA_RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.ds.transaction(async (m) => {
      const row = await m
        .getRepository(UserMfaEntity)
        .findOne({ where: { userId: user.id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw DomainException.of('CONFLICT', 'auth.mfaNotStarted');
      if (row.enabledAt) throw DomainException.of('CONFLICT', 'auth.mfaAlreadyEnabled');
      if (!(await this.acceptTotp(m, row, code))) throw invalidCode();
      await m
        .getRepository(UserMfaEntity)
        .update(
          { userId: user.id },
          { enabledAt: new Date(), recoveryCodeHashes: codes.map((c) => sha256(normaliseRecovery(c))) },
        );
      await this.changed(m, user.id);
    });
    void this.relay.kick();
    return { recoveryCodes: codes };
  }

  /** Off again with the password and a code (app or recovery); administrators cannot while it is required. */
  async disable(actor: Actor | null, body: unknown): Promise<MfaStatus> {
    const { password, code } = parseOrThrow(MfaDisableInput, body);
    const user = await this.self(actor);
    if (this.isRequired(user)) throw DomainException.of('CONFLICT', 'auth.mfaRequiredCannotDisable');
    if (!(await verifyPassword(user.passwordHash, password).catch(() => false)))
      throw DomainException.of('VALIDATION_FAILED', 'auth.invalidCredentials', undefined, 'password');
    await this.ds.transaction(async (m) => {
      if (!(await this.isEnabled(user.id, m))) throw DomainException.of('CONFLICT', 'auth.mfaNotEnabled');
      if (!(await this.checkCode(user.id, code, m))) throw invalidCode();
      await m.getRepository(UserMfaEntity).delete({ userId: user.id });
      await this.changed(m, user.id);
    });
    void this.relay.kick();
    return { enabled: false, required: false, recoveryCodesLeft: 0 };
  }

  /**
   * A login's second factor: a TOTP code (accepted once) or an unused recovery code (used up). False for a
   * wrong, replayed or used code.
   */
  async checkCode(userId: number, code: string, manager: EntityManager = this.ds.manager): Promise<boolean> {
    const row = await manager.getRepository(UserMfaEntity).findOneBy({ userId });
    if (!row?.enabledAt) return false;
    const trimmed = code.trim();
    if (/^\d{6}$/.test(trimmed)) return this.acceptTotp(manager, row, trimmed);
    const rows: unknown[] = await manager.query(
      `UPDATE "identity"."user_mfa" SET "recoveryCodeHashes" = array_remove("recoveryCodeHashes", $2)
        WHERE "userId" = $1 AND $2 = ANY("recoveryCodeHashes") RETURNING "userId"`,
      [userId, sha256(normaliseRecovery(trimmed))],
    );
    return rowCount(rows) === 1;
  }

  /** The code is valid now (±1 step of clock drift) and later than the last accepted one: stored atomically. */
  private async acceptTotp(manager: EntityManager, row: UserMfaEntity, code: string): Promise<boolean> {
    const secret = this.cipher.decrypt(row.userId, row.secret);
    const result = await verifyTotp({ secret, token: code.trim(), epochTolerance: 30 }).catch(() => null);
    if (!result?.valid || !('epoch' in result)) return false;
    // the 30-second step the code belongs to (epoch: the start of that period, in seconds)
    const timeStep = Math.floor(result.epoch / 30);
    const rows: unknown[] = await manager.query(
      `UPDATE "identity"."user_mfa" SET "lastTimeStep" = $2
        WHERE "userId" = $1 AND ("lastTimeStep" IS NULL OR "lastTimeStep" < $2) RETURNING "userId"`,
      [row.userId, timeStep],
    );
    return rowCount(rows) === 1;
  }

  private async self(actor: Actor | null): Promise<UserEntity> {
    if (!actor) throw DomainException.of('UNAUTHENTICATED', 'auth.noSession');
    const user = await this.ds.getRepository(UserEntity).findOneBy({ id: actor.id });
    if (!user) throw DomainException.of('UNAUTHENTICATED', 'auth.noSession');
    return user;
  }

  /** the gateway learns of the change (the user list shows two-factor login) */
  private changed(m: EntityManager, id: number): Promise<void> {
    return addEntityEventToOutbox(m, 'identity.user.updated', id);
  }
}

/**
 * A wrong code while enrolling or disabling is bad input of a logged-in user (422 on `code`), not the login's
 * MFA_INVALID 401: the back office treats every 401 as a lost session and would send the user to the login page.
 */
const invalidCode = () => DomainException.of('VALIDATION_FAILED', 'auth.mfaCodeInvalid', undefined, 'code');

/** node-postgres answers an UPDATE … RETURNING through TypeORM as [rows, count] */
function rowCount(result: unknown[]): number {
  return Array.isArray(result[0]) ? Number(result[1]) : result.length;
}
