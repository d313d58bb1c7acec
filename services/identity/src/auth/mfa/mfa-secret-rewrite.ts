import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { CONFIG, LOGGER } from '@shop/server';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import type { IdentityConfig } from '../../config/identity-config.js';
import { mfaCipherFor } from './mfa-secret-cipher.js';
import { UserMfaEntity } from './user-mfa.entity.js';

/**
 * At every start of identity: each TOTP secret still stored in plain text (written before encryption) or under a
 * previous key (after a rotation) is encrypted with the current key. Each row is replaced by compare-and-set,
 * so two instances starting together, or a user enrolling meanwhile, lose nothing.
 */
@Injectable()
export class MfaSecretRewrite implements OnApplicationBootstrap {
  constructor(
    private readonly ds: DataSource,
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap() {
    const rewritten = await this.run();
    if (rewritten) this.logger.info({ rewritten }, 'TOTP secrets encrypted with the current MFA_ENCRYPTION_KEY');
  }

  /** Answers how many secrets were rewritten. */
  async run(): Promise<number> {
    const cipher = mfaCipherFor(this.config);
    const repo = this.ds.getRepository(UserMfaEntity);
    const rows = await repo.find({ select: { userId: true, secret: true } });
    let rewritten = 0;
    for (const row of rows.filter((r) => cipher.isStale(r.secret))) {
      let secret: string;
      try {
        secret = cipher.rewrite(row.userId, row.secret);
      } catch (err) {
        // its key was removed too early (or the row was tampered with): that user re-enrols; the others go on
        this.logger.error({ err, userId: row.userId }, 'TOTP secret cannot be decrypted with any configured key');
        continue;
      }
      rewritten += (await repo.update({ userId: row.userId, secret: row.secret }, { secret })).affected ?? 0;
    }
    return rewritten;
  }
}
