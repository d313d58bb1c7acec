import { Injectable } from '@nestjs/common';
import { LOGIN_LINK_TTL_MINUTES, LoginLinkInput, type Actor, type LoginLinkCreated } from '@shop/contracts';
import { DomainException, requireAccess } from '@shop/server';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { assertMayLogIn } from '../auth/auth.service.js';
import { UserEntity } from '../users/user.entity.js';
import { LoginLinkEntity } from './login-link.entity.js';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** One-time login links: created by administrators, valid 10 minutes, accepted once. */
@Injectable()
export class LoginLinkService {
  constructor(private readonly ds: DataSource) {}

  async create(actor: Actor | null, userId: unknown): Promise<LoginLinkCreated> {
    const admin = requireAccess(actor, 'admin');
    const id = typeof userId === 'number' && Number.isSafeInteger(userId) && userId > 0 ? userId : null;
    const user = id === null ? null : await this.ds.getRepository(UserEntity).findOneBy({ id });
    if (!user) throw DomainException.notFound('Benutzer');
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
  async consume(body: unknown): Promise<Actor> {
    const parsed = LoginLinkInput.safeParse(body);
    if (!parsed.success) throw invalidLink();
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
    return { id: user.id, username: user.username, roles: user.roles, branches: user.branches };
  }
}

function invalidLink(): DomainException {
  return DomainException.of('UNAUTHENTICATED', 'auth.invalidLoginLink');
}
