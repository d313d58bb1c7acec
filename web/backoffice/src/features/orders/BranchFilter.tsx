import type { ComponentProps } from 'react';
import { useBranches } from '../../api/use-branches';
import { T } from '../../texts';
import { isAdmin, useMe } from '../auth/use-me';
import { SelectFilter } from '../../ui/filter-form';
import { byId } from '../../ui/Options';

/**
 * The branch filter of the order screens (the user's branches; all branches for administrators): a select that is
 * controlled (value, onChange) or registered with a filter form.
 */
export function BranchFilter({ id = 'branch-filter', ...select }: Omit<ComponentProps<'select'>, 'children'>) {
  const { data: me } = useMe();
  const { data: branches } = useBranches();
  const admin = isAdmin(me);
  const mine = (branches ?? []).filter((b) => admin || me?.branches.some((x) => x.id === b.id));
  return (
    <SelectFilter
      id={id}
      label={T.orders.branch}
      any={T.orders.allBranches}
      choices={byId(mine, (b) => b.name)}
      {...select}
    />
  );
}
