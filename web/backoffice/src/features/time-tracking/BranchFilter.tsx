import { useBranches } from '../../api/use-branches';
import { isAdmin, useMe } from '../auth/use-me';
import { TT } from './time-texts';
import { SelectFilter } from '../../ui/filter-form';
import { byId } from '../../ui/Options';

/**
 * The branch choice of the time-tracking screens for a whole branch (team sheet, planner); '' is none yet.
 * Administrators choose any branch, a branch manager only the branches they manage (their own; the server refuses
 * the others with 403).
 */
export function BranchFilter({ id, value, onChange }: { id: string; value: string; onChange: (v: string) => void }) {
  const branches = useBranches();
  const { data: me } = useMe();
  const managed = (branches.data ?? []).filter((b) => isAdmin(me) || !!me?.branches.some((m) => m.id === b.id));
  return (
    <SelectFilter
      id={id}
      label={TT.branch}
      any=""
      choices={byId(managed, (b) => b.name)}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
