import type { Role } from '@shop/contracts';
import { CrudService } from '@shop/server';
import type { DataSource } from 'typeorm';
import { userCrud } from '../users/user.crud.js';
import { UserEntity } from '../users/user.entity.js';

export interface SeedUser {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string;
  roles: Role[];
  branchIdentifiers: string[];
}

/** Creates or replaces the demo staff by username (password reset to the demo password each time). */
export async function seedUsers(ds: DataSource, users: SeedUser[], branchIds: Record<string, number>): Promise<void> {
  const crud = new CrudService(userCrud, ds, { kick: () => Promise.resolve() });
  for (const { branchIdentifiers, ...u } of users) {
    const body = { ...u, branches: branchIdentifiers.map((b) => ({ id: branchIds[b] })) };
    const existing = await ds.getRepository(UserEntity).findOneBy({ username: u.username.toLowerCase() });
    await crud.saveForService({ id: existing?.id, body });
  }
}
