import { Inject, Injectable } from '@nestjs/common';
import { verify } from '@node-rs/argon2';
import { type Actor, CRUD_RESOURCES, LoginRequest, type LoginResult, type User } from '@shop/contracts';
import { tooManyAttempts } from '@shop/i18n-de';
import {
  addEntityEventToOutbox,
  CONFIG,
  DomainException,
  OUTBOX_RELAY,
  parseOrThrow,
  requireAccess,
  type OutboxRelay,
} from '@shop/server';
import { DataSource } from 'typeorm';
import type { IdentityConfig } from '../config/identity-config.js';
import { hashPassword, userToDto } from '../users/user.crud.js';
import { UserEntity } from '../users/user.entity.js';
import { LoginAttemptEntity } from './login-attempt.entity.js';
import { MfaService } from './mfa/mfa.service.js';

/** The account state, told only to someone who proved to be the user (right password or a valid link). */
export function assertMayLogIn(user: UserEntity, now = new Date()): void {
  if (!user.isEnabled) throw DomainException.of('ACCOUNT_DISABLED', 'auth.accountDisabled');
  if (user.isLocked) throw DomainException.of('ACCOUNT_LOCKED', 'auth.accountLocked');
  if (user.expiresAt && user.expiresAt <= now) throw DomainException.of('ACCOUNT_EXPIRED', 'auth.accountExpired');
}

/** the longest exponent of the growing lockout (2^16 times the first lock is far beyond any maximum) */
const MAX_DOUBLINGS = 16;
const ATTEMPT = `"identity"."login_attempt"`;
/** failures older than one lockout are forgotten; lockouts older than the longest lock start over */
const FAILURES = `(CASE WHEN la."lastFailureAt" < now() - make_interval(mins => $4) THEN 0 ELSE la.failures END)`;
const LOCKOUTS = `(CASE WHEN la."lastFailureAt" < now() - make_interval(mins => $5) THEN 0 ELSE LEAST(la.lockouts, ${MAX_DOUBLINGS}) END)`;
const LOCKED = `la."lockedUntil" > now()`;
const REACHES_LIMIT = `${FAILURES} + 1 >= $3`;
/**
 * Counts one failure of (username, client) in one statement (the row lock of ON CONFLICT serialises concurrent
 * failures): while a lock runs nothing changes, so a lock is never shortened or lifted by a failure; the failure
 * that reaches the limit locks for LOGIN_LOCKOUT_MINUTES × 2^(earlier lockouts), at most
 * LOGIN_LOCKOUT_MAX_MINUTES. Answers the running lock's end, if any.
 */
const RECORD_FAILURE = `
  INSERT INTO ${ATTEMPT} AS la (username, client, failures, lockouts, "lockedUntil", "lastFailureAt")
  VALUES ($1, $2, 1, 0, NULL, now())
  ON CONFLICT (username, client) DO UPDATE SET
    failures = CASE WHEN ${LOCKED} THEN la.failures WHEN ${REACHES_LIMIT} THEN 0 ELSE ${FAILURES} + 1 END,
    lockouts = CASE WHEN ${LOCKED} THEN la.lockouts WHEN ${REACHES_LIMIT} THEN ${LOCKOUTS} + 1 ELSE ${LOCKOUTS} END,
    "lockedUntil" = CASE
      WHEN ${LOCKED} THEN la."lockedUntil"
      WHEN ${REACHES_LIMIT} THEN now() + make_interval(mins => LEAST($4 * power(2, ${LOCKOUTS}), $5)::int)
      ELSE la."lockedUntil" END,
    "lastFailureAt" = CASE WHEN ${LOCKED} THEN la."lastFailureAt" ELSE now() END
  RETURNING CASE WHEN "lockedUntil" > now() THEN "lockedUntil" END AS "lockedUntil"`;
/** The pair's row locked until the login's transaction ends (a concurrent failure waits), with its running lock. */
const LOCK_PAIR = `
  SELECT CASE WHEN ${LOCKED} THEN la."lockedUntil" END AS "lockedUntil"
  FROM ${ATTEMPT} AS la WHERE la.username = $1 AND la.client = $2 FOR UPDATE`;
/** A success clears the pair's failures, never a running lock. */
const CLEAR_FAILURES = `DELETE FROM ${ATTEMPT} AS la WHERE la.username = $1 AND la.client = $2 AND NOT coalesce(${LOCKED}, false)`;

/**
 * Password login (backoffice-platform.md §8). Checks run so that answers reveal nothing about which
 * usernames exist: locked-out and wrong-password answers are the same for unknown users, and the account
 * state (disabled, locked, expired) is told only after a correct password (and code, with two-factor login).
 * Failures lock the pair (username, client), so a stranger cannot lock a known user out from elsewhere.
 */
@Injectable()
export class AuthService {
  /** verified against when the user does not exist, so both paths cost one argon2 verification */
  private readonly dummyHash = hashPassword('not-a-real-password-' + Math.random());

  constructor(
    private readonly ds: DataSource,
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(OUTBOX_RELAY) private readonly relay: Pick<OutboxRelay, 'kick'>,
    private readonly mfa: MfaService,
  ) {}

  async verifyCredentials(body: unknown): Promise<LoginResult> {
    const { username: rawUsername, password, client, code } = parseOrThrow(LoginRequest, body);
    const username = rawUsername.toLowerCase();
    const running = await this.ds
      .getRepository(LoginAttemptEntity)
      .createQueryBuilder('la')
      .where('la.username = :username AND la.client = :client AND la."lockedUntil" > now()', { username, client })
      .getOne();
    if (running?.lockedUntil) throw this.lockedOut(running.lockedUntil);

    const user = await this.ds.getRepository(UserEntity).findOneBy({ username });
    const ok = await verify(user?.passwordHash ?? (await this.dummyHash), password).catch(() => false);
    // with two-factor login on, the code is part of the credentials: a missing or wrong one is answered and
    // counted exactly like a wrong password, so no answer tells that the password alone was right (and a wrong
    // code counts toward the lockout: no guessing the 6 digits beyond LOGIN_MAX_FAILURES)
    const mfa = !!user && (await this.mfa.isEnabled(user.id));
    const proven = !!user && ok && (!mfa || (!!code && (await this.mfa.checkCode(user.id, code))));
    if (!proven) {
      const lockedUntil = await this.recordFailure(username, client);
      if (lockedUntil) throw this.lockedOut(lockedUntil);
      throw DomainException.of('INVALID_CREDENTIALS', 'auth.invalidCredentials');
    }
    return this.loginResult(await this.admit(username, client));
  }

  /**
   * The credentials were right; the hash check took a while, and concurrent wrong passwords may have locked the
   * pair meanwhile, or an administrator the account: both are read again, with the pair's row locked, before
   * the login counts and its failures are cleared. The account state is told only now (after every factor).
   */
  private admit(username: string, client: string): Promise<UserEntity> {
    return this.ds.transaction(async (m) => {
      const [pair]: Array<{ lockedUntil: Date | null }> = await m.query(LOCK_PAIR, [username, client]);
      if (pair?.lockedUntil) throw this.lockedOut(pair.lockedUntil);
      const user = await m.getRepository(UserEntity).findOneBy({ username });
      if (!user) throw DomainException.of('INVALID_CREDENTIALS', 'auth.invalidCredentials');
      assertMayLogIn(user);
      await m.query(CLEAR_FAILURES, [username, client]);
      return user;
    });
  }

  /** Who logged in, and whether they must enrol in two-factor login before anything else. */
  async loginResult(user: UserEntity): Promise<LoginResult> {
    const actor = { id: user.id, username: user.username, roles: user.roles, branches: user.branches };
    return this.mfa.isRequired(user) && !(await this.mfa.isEnabled(user.id))
      ? { ...actor, mfaSetupRequired: true }
      : actor;
  }

  async me(id: number): Promise<User> {
    const user = await this.ds.getRepository(UserEntity).findOneBy({ id });
    if (!user || !user.isEnabled || user.isLocked || (user.expiresAt && user.expiresAt <= new Date())) {
      throw DomainException.of('UNAUTHENTICATED', 'auth.noSession');
    }
    return userToDto(user);
  }

  /**
   * An administrator lifts every lock of a user at once: `isLocked` and the lockouts after failed logins from
   * every client (which also restarts their growing delay). Emits `identity.user.updated` like any user change.
   */
  async unlock(actor: Actor | null, id: number): Promise<User> {
    requireAccess(actor, 'admin');
    const user = await this.ds.transaction(async (m) => {
      const found = await m.getRepository(UserEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!found) throw DomainException.notFound(CRUD_RESOURCES.users.label);
      await m.getRepository(LoginAttemptEntity).delete({ username: found.username });
      if (found.isLocked) await m.getRepository(UserEntity).update({ id }, { isLocked: false });
      await addEntityEventToOutbox(m, 'identity.user.updated', id);
      return m.getRepository(UserEntity).findOneByOrFail({ id });
    });
    void this.relay.kick();
    return userToDto(user);
  }

  /** Counts a failure of (username, client) atomically; returns the end of the lock running afterwards. */
  private async recordFailure(username: string, client: string): Promise<Date | null> {
    const rows: Array<{ lockedUntil: Date | null }> = await this.ds.query(RECORD_FAILURE, [
      username,
      client,
      this.config.LOGIN_MAX_FAILURES,
      this.config.LOGIN_LOCKOUT_MINUTES,
      this.config.LOGIN_LOCKOUT_MAX_MINUTES,
    ]);
    return rows[0]?.lockedUntil ?? null;
  }

  private lockedOut(until: Date): DomainException {
    const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
    const message = tooManyAttempts(Math.ceil(seconds / 60));
    return new DomainException('TOO_MANY_REQUESTS', [{ field: null, message }], message, { retryAfter: seconds });
  }
}
