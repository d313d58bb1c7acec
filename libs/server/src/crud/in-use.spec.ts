import type { EntityManager } from 'typeorm';
import { DomainException } from '../errors/domain-exception.js';
import { containedIn, listedIn, referencedBy, refuseDeleteWhileUsed } from './in-use.js';

class Menu {
  id: number;
  branches: number[];
  catalog: object;
}
class Table {
  id: number;
  branchId: number;
}

/** A manager whose repositories record what they are asked and answer `exists` for it. */
function manager(exists: (target: unknown) => boolean) {
  const asked: unknown[] = [];
  const m = {
    getRepository: (target: unknown) => ({
      existsBy: (where: object) => {
        asked.push(['existsBy', where]);
        return Promise.resolve(exists(target));
      },
      createQueryBuilder: (alias: string) => ({
        where(sql: string, params: object) {
          asked.push(['where', alias, sql, params]);
          return this;
        },
        getExists: () => Promise.resolve(exists(target)),
      }),
    }),
  };
  return { m: m as unknown as EntityManager, asked };
}

describe('refuseDeleteWhileUsed', () => {
  const beforeDelete = refuseDeleteWhileUsed(
    'Filiale',
    listedIn(Menu, 'branches'),
    containedIn(Menu, 'catalog', (id) => ({ categories: [{ id }] })),
    referencedBy(Table, 'branchId'),
  );

  it('lets a row go that nothing uses, after asking every usage', async () => {
    const { m, asked } = manager(() => false);
    await beforeDelete(m, { id: 9 });
    expect(asked).toEqual([
      ['where', 'r', ':id = ANY(r."branches")', { id: 9 }],
      ['where', 'r', 'r."catalog" @> :probe::jsonb', { probe: '{"categories":[{"id":9}]}' }],
      ['existsBy', { branchId: 9 }],
    ]);
  });

  it('answers 409 IN_USE with the label at the first usage that finds the row', async () => {
    const { m, asked } = manager((target) => target === Table);
    const refused = await beforeDelete(m, { id: 9 }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(DomainException);
    expect((refused as DomainException).code).toBe('IN_USE');
    expect((refused as DomainException).errors[0]?.message).toContain('Filiale');
    expect(asked).toHaveLength(3);
  });
});
