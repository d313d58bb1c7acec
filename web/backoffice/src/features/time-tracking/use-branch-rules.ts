import type { Branch, LawRuleSet, WorkingTimeSetting } from '@shop/contracts';
import { DEFAULT_TIME_ZONE } from '@shop/domain';
import useSWR from 'swr';
import { api, apiUrl } from '../../api/client';
import { useBranches } from '../../api/use-branches';

/** Austria unless a division is set otherwise (the service's default as well) */
const DEFAULT_RULE_SET: LawRuleSet = 'AT';

/**
 * The working-time law rule set of a branch's division (`/api/working-time-settings`) and the branch's time zone,
 * which the planner judges its shifts by, like the service judges worked time.
 */
export function useBranchRules(branchId: number | undefined): { ruleSet: LawRuleSet; timeZone: string } {
  const branches = useBranches();
  const branch = (branches.data as Branch[] | undefined)?.find((b) => b.id === branchId);
  const division = branch?.division?.id;
  const settings = useSWR(
    division ? apiUrl('/api/working-time-settings', {}, { division }) : null,
    (url) => api.get(url) as Promise<WorkingTimeSetting[]>,
  );
  return {
    ruleSet: settings.data?.[0]?.ruleSet ?? DEFAULT_RULE_SET,
    timeZone: branch?.timezone ?? DEFAULT_TIME_ZONE,
  };
}
