import { Inject, Injectable } from '@nestjs/common';
import {
  TimeClockInput,
  type AccessTokenView,
  type Actor,
  type IssuedAccessToken,
  type TerminalCredentials,
  type TimeClock,
} from '@shop/contracts';
import { NOUNS, t } from '@shop/i18n-de';
import { CONFIG, DomainException, holdsPermission, parseOrThrow, requireAccess } from '@shop/server';
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { DataSource, IsNull } from 'typeorm';
import type { TimeTrackingConfig } from '../config/time-tracking-config.js';
import { isAdmin } from '../common/time-range.js';
import { STAFF_BRANCHES, TERMINAL_STAFF, type StaffBranchesOf, type TerminalStaffOf } from '../staff/staff-branches.js';
import type { ClockUser } from './clock-user.js';
import { AccessTokenEntity, TimeClockEntity } from './terminal.entities.js';

const tokenView = (e: AccessTokenEntity): AccessTokenView => ({
  id: e.id,
  user: e.userId,
  username: e.username,
  createdAt: e.createdAt.toISOString(),
  revokedAt: e.revokedAt?.toISOString() ?? null,
  lockedUntil: e.lockedUntil && e.lockedUntil.getTime() > Date.now() ? e.lockedUntil.toISOString() : null,
});

/**
 * The branch terminals (`/api/time-tracking/{branch}/…`, the device key in a header): time-clock devices of a branch,
 * and the employees' personal access tokens (codes an administrator issues, shown once, stored as an HMAC,
 * revocable; ACCESS_TOKEN_MAX_ATTEMPTS wrong codes lock the username for ACCESS_TOKEN_LOCK_MINUTES).
 */
@Injectable()
export class TerminalService {
  constructor(
    private readonly ds: DataSource,
    @Inject(CONFIG) private readonly config: TimeTrackingConfig,
    @Inject(STAFF_BRANCHES) private readonly branchesOf: StaffBranchesOf,
    @Inject(TERMINAL_STAFF) private readonly staffOf: TerminalStaffOf,
  ) {}

  /**
   * Access codes: administrators for everyone; branch managers (permission `manage`) for staff all of whose
   * branches they manage (a code clocks at every branch of its holder); 403 'http.forbiddenBranch' otherwise.
   */
  private async requireTokenAccess(actor: Actor | null, userId?: number): Promise<Actor> {
    const a = requireAccess(actor, 'staff');
    if (isAdmin(a)) return a;
    if (!holdsPermission(a, 'manage')) throw DomainException.forbidden();
    if (userId !== undefined) requireAccess(a, 'manage', (await this.branchesOf(userId, a)) ?? []);
    return a;
  }

  private hash(token: string): Buffer {
    return createHmac('sha256', this.config.SERVICE_SECRET).update(token).digest();
  }

  /** The employee behind a terminal call, or 404 (unknown terminal), 401 (wrong code) or 429 (locked). */
  async authenticate(c: TerminalCredentials): Promise<ClockUser> {
    const device = await this.ds.getRepository(TimeClockEntity).findOneBy({ key: String(c.deviceKey) });
    if (!device || device.branchId !== c.branch) throw DomainException.of('NOT_FOUND', 'timeTracking.terminalUnknown');
    return this.ds
      .transaction(async (m) => {
        const repo = m.getRepository(AccessTokenEntity);
        const tokens = await repo.find({
          where: { username: String(c.username), revokedAt: IsNull() },
          lock: { mode: 'pessimistic_write' },
        });
        const now = Date.now();
        const lockedUntil = Math.max(0, ...tokens.map((t) => t.lockedUntil?.getTime() ?? 0));
        if (lockedUntil > now) {
          const minutes = Math.ceil((lockedUntil - now) / 60_000);
          const message = t(minutes === 1 ? 'auth.tooManyAttemptsOne' : 'auth.tooManyAttempts', { minutes });
          throw new DomainException('TOO_MANY_REQUESTS', [{ field: null, message }], message, {
            retryAfter: Math.ceil((lockedUntil - now) / 1000),
          });
        }
        const given = this.hash(String(c.token));
        const match = tokens.find((t) => {
          const stored = Buffer.from(t.tokenHash, 'hex');
          return stored.length === given.length && timingSafeEqual(stored, given);
        });
        if (match) {
          if (tokens.some((t) => t.failedAttempts > 0))
            await repo.update(
              tokens.map((t) => t.id),
              { failedAttempts: 0, lockedUntil: null },
            );
          return { id: match.userId, username: match.username, terminalBranch: device.branchId, actor: null };
        }
        for (const t of tokens) {
          t.failedAttempts += 1;
          if (t.failedAttempts >= this.config.ACCESS_TOKEN_MAX_ATTEMPTS) {
            t.failedAttempts = 0;
            t.lockedUntil = new Date(now + this.config.ACCESS_TOKEN_LOCK_MINUTES * 60_000);
          }
        }
        await repo.save(tokens);
        return null;
      })
      .then((user) => {
        if (!user) throw DomainException.of('INVALID_CREDENTIALS', 'timeTracking.invalidToken');
        return user;
      });
  }

  /**
   * A terminal starts an activity only for an employee of its branch (identity's branches, the check a session's
   * start makes on its actor): 403 'http.forbiddenBranch'; administrators anywhere. A holder identity no longer
   * answers for (disabled, expired) clocks no more: 401.
   */
  async requireStartBranch(user: ClockUser): Promise<void> {
    if (user.terminalBranch === null) return;
    const staff = await this.staffOf(user.id);
    if (!staff) throw DomainException.of('INVALID_CREDENTIALS', 'timeTracking.invalidToken');
    // the person behind the code, as identity names them now
    requireAccess({ id: user.id, username: user.username, ...staff }, 'branch', [user.terminalBranch]);
  }

  /** Issues a new code for a user (administrators, their branch managers); the answer is the only place it appears. */
  async issueToken(actor: Actor | null, body: { user: number; username: string }): Promise<IssuedAccessToken> {
    await this.requireTokenAccess(actor, body.user);
    const token = String(randomInt(0, 100_000_000)).padStart(8, '0');
    const repo = this.ds.getRepository(AccessTokenEntity);
    const saved = await repo.save(
      repo.create({ userId: body.user, username: body.username, tokenHash: this.hash(token).toString('hex') }),
    );
    return { ...tokenView(saved), token };
  }

  /** Administrators see every code; branch managers those of the staff of their branches. */
  async listTokens(actor: Actor | null, user?: number): Promise<AccessTokenView[]> {
    const a = await this.requireTokenAccess(actor, user);
    const rows = await this.ds
      .getRepository(AccessTokenEntity)
      .find({ where: user ? { userId: user } : {}, order: { id: 'DESC' } });
    if (isAdmin(a) || user !== undefined) return rows.map(tokenView);
    const managed = new Map<number, boolean>();
    for (const id of new Set(rows.map((r) => r.userId))) {
      const branches = (await this.branchesOf(id, a)) ?? [];
      managed.set(id, branches.length > 0 && branches.every((b) => a.branches.includes(b)));
    }
    return rows.filter((r) => managed.get(r.userId)).map(tokenView);
  }

  async revokeToken(actor: Actor | null, id: number): Promise<AccessTokenView> {
    await this.requireTokenAccess(actor);
    const repo = this.ds.getRepository(AccessTokenEntity);
    const row = await repo.findOneBy({ id });
    if (!row) throw DomainException.notFound(NOUNS.accessCode);
    await this.requireTokenAccess(actor, row.userId);
    row.revokedAt ??= new Date();
    return tokenView(await repo.save(row));
  }

  async createClock(actor: Actor | null, body: unknown): Promise<TimeClock> {
    requireAccess(actor, 'admin');
    const input = parseOrThrow(TimeClockInput, body);
    const repo = this.ds.getRepository(TimeClockEntity);
    const row = await repo.save(
      repo.create({ branchId: input.branch, name: input.name, key: randomBytes(16).toString('base64url') }),
    );
    return this.clockView(row, true);
  }

  /** Administrators see every terminal with its key; employees those of their branches, without keys. */
  async listClocks(actor: Actor | null): Promise<TimeClock[]> {
    const a = requireAccess(actor, 'staff');
    const rows = await this.ds.getRepository(TimeClockEntity).find({ order: { id: 'ASC' } });
    return rows.filter((r) => isAdmin(a) || a.branches.includes(r.branchId)).map((r) => this.clockView(r, isAdmin(a)));
  }

  async deleteClock(actor: Actor | null, id: number): Promise<null> {
    requireAccess(actor, 'admin');
    const { affected } = await this.ds.getRepository(TimeClockEntity).delete(id);
    if (!affected) throw DomainException.notFound(NOUNS.terminal);
    return null;
  }

  private clockView(r: TimeClockEntity, withKey: boolean): TimeClock {
    return {
      id: r.id,
      branch: r.branchId,
      name: r.name,
      ...(withKey ? { key: r.key } : {}),
      createdAt: r.createdAt.toISOString(),
    };
  }
}
