import { useBranches } from '../../api/use-branches';
import { TT } from './time-texts';

/** The branch choice of the time-tracking screens for a whole branch (team sheet, planner); '' is none yet. */
export function BranchFilter({ id, value, onChange }: { id: string; value: string; onChange: (v: string) => void }) {
  const branches = useBranches();
  return (
    <span className="filter">
      <label htmlFor={id}>{TT.branch}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="" />
        {(branches.data ?? []).map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
          </option>
        ))}
      </select>
    </span>
  );
}
