import type { Provider } from '@nestjs/common';
import type { Actor } from '@shop/contracts';
import { ServiceBus } from '@shop/server';

/**
 * The names a time sheet shows for the ids it stores: a person's display name (identity) and a branch's name
 * (catalogue), asked on behalf of the staff member who exports; null when the owner does not answer (a disabled
 * user, a deleted branch), and the sheet then shows the id.
 */
export interface SheetNames {
  user(id: number, actor: Actor): Promise<string | null>;
  branch(id: number, actor: Actor): Promise<string | null>;
}

export const SHEET_NAMES = 'TIME_TRACKING_SHEET_NAMES';

export function sheetNamesFromBus(bus: ServiceBus): SheetNames {
  return {
    user: (id, actor) =>
      bus.request('identity.user.me', { id }, actor).then(
        (u) => u.displayName || u.username,
        () => null,
      ),
    branch: (id, actor) =>
      bus.request('catalogue.branch.get', { id }, actor).then(
        (b) => b.name,
        () => null,
      ),
  };
}

export const sheetNamesProvider: Provider = {
  provide: SHEET_NAMES,
  inject: [ServiceBus],
  useFactory: sheetNamesFromBus,
};
