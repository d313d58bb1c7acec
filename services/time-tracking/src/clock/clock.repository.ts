import { Injectable } from '@nestjs/common';
import { GenerateSql } from '@shop/server';
import { DataSource, type EntityManager } from 'typeorm';

/** the first key of the per-person advisory lock of clock actions ('cloc'); the second is the user id */
const CLOCK_LOCK = 0x636c6f63;

/** The clock's hand-written SQL (its reads and writes of activities go through TypeORM's repositories). */
@Injectable()
export class ClockRepository {
  constructor(private readonly ds: DataSource) {}

  /** One clock action of a person at a time, until the caller's transaction ends. */
  @GenerateSql({ params: ({ manager }) => [manager, 1] })
  async lockUser(m: EntityManager, userId: number): Promise<void> {
    await m.query('SELECT pg_advisory_xact_lock($1, $2)', [CLOCK_LOCK, userId]);
  }
}
