import { Injectable } from '@nestjs/common';
import {
  type Actor,
  CRUD_RESOURCES,
  LOGIN_LINK_TTL_MINUTES,
  type LoginLinkCreated,
  LoginLinkInput,
  type LoginResult,
} from '@shop/contracts';
import { DomainException, requireAccess } from '@shop/server';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { assertMayLogIn, AuthService } from '../auth/auth.service.js';
import { MfaService } from '../auth/mfa/mfa.service.js';
import { UserEntity } from '../users/user.entity.js';
import { LoginLinkEntity } from './login-link.entity.js';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** One-time login links: created by administrators, valid 10 minutes, accepted once. */
@Injectable()
export class LoginLinkService {
  constructor(
    private readonly ds: DataSource,
    private readonly auth: AuthService,
    private readonly mfa: MfaService,
  ) {}

  async create(actor: Actor | null, userId: unknown): Promise<LoginLinkCreated> {
    const admin = requireAccess(actor, 'admin');
    const id = typeof userId === 'number' && Number.isSafeInteger(userId) && userId > 0 ? userId : null;
    const user = id === null ? null : await this.ds.getRepository(UserEntity).findOneBy({ id });
    if (!user) throw DomainException.notFound(CRUD_RESOURCES.users.label);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + LOGIN_LINK_TTL_MINUTES * 60_000);
    await this.ds
      .getRepository(LoginLinkEntity)
      .insert({ tokenHash: sha256(token), userId: user.id, createdBy: admin.id, expiresAt, usedAt: null });
    // links older than a day are of no use to anyone
    await this.ds.query(`DELETE FROM "identity"."login_link" WHERE "expiresAt" < now() - interval '1 day'`);
    return { token, expiresAt: expiresAt.toISOString() };
  }

  /** Accepts a link once: unknown, used and expired links get the same answer. */
  async consume(body: unknown): Promise<LoginResult> {
    const parsed = LoginLinkInput.safeParse(body);
    if (!parsed.success) throw invalidLink();
    // two-factor login applies to links too: the code is checked before the link is used up, so a forgotten
    // code does not cost the link
    const pending = (await this.ds.query(
      `SELECT "userId" FROM "identity"."login_link" WHERE "tokenHash" = $1 AND "usedAt" IS NULL AND "expiresAt" > now()`,
      [sha256(parsed.data.token)],
    )) as Array<{ userId: number }>;
    const pendingUser = pending[0]
      ? await this.ds.getRepository(UserEntity).findOneBy({ id: pending[0].userId })
      : null;
    if (!pendingUser) throw invalidLink();
    assertMayLogIn(pendingUser);
    if (await this.mfa.isEnabled(pendingUser.id)) {
      const { code } = parsed.data;
      if (!code) throw DomainException.of('MFA_REQUIRED', 'auth.mfaCodeRequired', undefined, 'code');
      if (!(await this.mfa.checkCode(pendingUser.id, code)))
        throw DomainException.of('MFA_INVALID', 'auth.mfaCodeInvalid', undefined, 'code');
    }
    const rows = (await this.ds.query(
      `UPDATE "identity"."login_link" SET "usedAt" = now()
        WHERE "tokenHash" = $1 AND "usedAt" IS NULL AND "expiresAt" > now() RETURNING "userId"`,
      [sha256(parsed.data.token)],
    )) as [Array<{ userId: number }>, number] | Array<{ userId: number }>;
    const list = Array.isArray(rows[0]) ? (rows[0] as Array<{ userId: number }>) : (rows as Array<{ userId: number }>);
    const userId = list[0]?.userId;
    const user = userId === undefined ? null : await this.ds.getRepository(UserEntity).findOneBy({ id: userId });
    if (!user) throw invalidLink();
    assertMayLogIn(user);
    return this.auth.loginResult(user);
  }
}

function invalidLink(): DomainException {
  return DomainException.of('UNAUTHENTICATED', 'auth.invalidLoginLink');
}
