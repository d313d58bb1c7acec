import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { CONFIG, PeriodicTasks, pruneOlderThan } from '@shop/server';
import { DataSource } from 'typeorm';
import type { IdentityConfig } from '../config/identity-config.js';

/**
 * login_attempt rows (one per username and client, known usernames or not) would grow without end: a row whose
 * last failure is older than LOGIN_ATTEMPT_RETENTION_DAYS and whose lock has ended is deleted, every
 * RETENTION_INTERVAL_MS. Its growing delay starts over, which the lockout forgets after a day anyway.
 */
@Injectable()
export class LoginAttemptRetention implements OnApplicationBootstrap {
  constructor(
    private readonly ds: DataSource,
    private readonly tasks: PeriodicTasks,
    @Inject(CONFIG) private readonly config: IdentityConfig,
  ) {}

  onApplicationBootstrap() {
    this.tasks.every(
      'login-attempt-retention',
      this.config.RETENTION_INTERVAL_MS,
      async () => void (await this.sweep()),
    );
  }

  sweep(now = new Date()): Promise<number> {
    return pruneOlderThan(this.ds, {
      table: '"identity"."login_attempt"',
      key: '(username, client)',
      column: '"lastFailureAt"',
      cutoff: new Date(now.getTime() - this.config.LOGIN_ATTEMPT_RETENTION_DAYS * 86_400_000),
      also: `("lockedUntil" IS NULL OR "lockedUntil" < now())`,
    });
  }
}
