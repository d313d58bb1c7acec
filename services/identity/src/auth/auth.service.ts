import { Inject, Injectable } from '@nestjs/common';
import { verify } from '@node-rs/argon2';
import { LoginInput, type Actor, type User } from '@shop/contracts';
import { tooManyAttempts } from '@shop/i18n-de';
import { DomainException, parseOrThrow, CONFIG } from '@shop/server';
import { DataSource, type EntityManager } from 'typeorm';
import type { IdentityConfig } from '../config/identity-config.js';
import { hashPassword, userToDto } from '../users/user.crud.js';
import { UserEntity } from '../users/user.entity.js';
import { LoginAttemptEntity } from './login-attempt.entity.js';

/**
 * Password login (backoffice-platform.md §8). Checks run so that answers reveal nothing about which
 * usernames exist: locked-out and wrong-password answers are the same for unknown users, and the account
 * state (disabled, locked, expired) is told only after a correct password.
 */
/** The account state, told only to someone who proved to be the user (right password or a valid link). */
export function assertMayLogIn(user: UserEntity, now = new Date()): void {
  if (!user.isEnabled) throw DomainException.of('ACCOUNT_DISABLED', 'auth.accountDisabled');
  if (user.isLocked) throw DomainException.of('ACCOUNT_LOCKED', 'auth.accountLocked');
  if (user.expiresAt && user.expiresAt <= now) throw DomainException.of('ACCOUNT_EXPIRED', 'auth.accountExpired');
}

@Injectable()
export class AuthService {
  /** verified against when the user does not exist, so both paths cost one argon2 verification */
  private readonly dummyHash = hashPassword('not-a-real-password-' + Math.random());

  constructor(
    private readonly ds: DataSource,
    @Inject(CONFIG) private readonly config: IdentityConfig,
  ) {}

  async verifyCredentials(body: unknown): Promise<Actor> {
    const { username: rawUsername, password } = parseOrThrow(LoginInput, body);
    const username = rawUsername.toLowerCase();
    const now = new Date();
    const attempt = await this.ds.getRepository(LoginAttemptEntity).findOneBy({ username });
    if (attempt?.lockedUntil && attempt.lockedUntil > now) throw this.lockedOut(attempt.lockedUntil, now);

    const user = await this.ds.getRepository(UserEntity).findOneBy({ username });
    const ok = await verify(user?.passwordHash ?? (await this.dummyHash), password).catch(() => false);
    if (!user || !ok) {
      const lockedUntil = await this.recordFailure(username, now);
      if (lockedUntil) throw this.lockedOut(lockedUntil, now);
      throw DomainException.of('INVALID_CREDENTIALS', 'auth.invalidCredentials');
    }
    assertMayLogIn(user, now);
    await this.ds.getRepository(LoginAttemptEntity).delete({ username });
    return { id: user.id, username: user.username, roles: user.roles, branches: user.branches };
  }

  async me(id: number): Promise<User> {
    const user = await this.ds.getRepository(UserEntity).findOneBy({ id });
    if (!user || !user.isEnabled || user.isLocked || (user.expiresAt && user.expiresAt <= new Date())) {
      throw DomainException.of('UNAUTHENTICATED', 'auth.noSession');
    }
    return userToDto(user);
  }

  /** Counts a failure; returns the lock end when this failure reaches the limit. */
  private recordFailure(username: string, now: Date): Promise<Date | null> {
    return this.ds.transaction(async (m: EntityManager) => {
      await m.query(
        `INSERT INTO "identity"."login_attempt" (username, failures) VALUES ($1, 1)
         ON CONFLICT (username) DO UPDATE SET failures =
           CASE WHEN login_attempt."lockedUntil" IS NOT NULL AND login_attempt."lockedUntil" <= now() THEN 1 ELSE login_attempt.failures + 1 END,
           "lockedUntil" = NULL`,
        [username],
      );
      const row = await m.getRepository(LoginAttemptEntity).findOneByOrFail({ username });
      if (row.failures < this.config.LOGIN_MAX_FAILURES) return null;
      const lockedUntil = new Date(now.getTime() + this.config.LOGIN_LOCKOUT_MINUTES * 60_000);
      await m.getRepository(LoginAttemptEntity).update({ username }, { lockedUntil, failures: 0 });
      return lockedUntil;
    });
  }

  private lockedOut(until: Date, now: Date): DomainException {
    const seconds = Math.ceil((until.getTime() - now.getTime()) / 1000);
    const message = tooManyAttempts(Math.max(1, Math.ceil(seconds / 60)));
    return new DomainException('TOO_MANY_REQUESTS', [{ field: null, message }], message, { retryAfter: seconds });
  }
}
