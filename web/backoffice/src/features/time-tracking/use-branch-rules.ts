import type { Branch, LawRuleSet, WorkingTimeSetting } from '@shop/contracts';
import { DEFAULT_TIME_ZONE } from '@shop/domain';
import useSWR from 'swr';
import { api, apiUrl } from '../../api/client';
import { useBranches } from '../../api/use-branches';
import { isAdmin, useMe } from '../auth/use-me';

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

/**
 * The zone of the planner's week before a branch is chosen (issue 19): the logged-in user's first branch's, else
 * the shop's configured zone (`/api/config`, which administrators read), else the browser's own; never a fixed
 * zone.
 */
export function useHomeZone(): string {
  const { data: me } = useMe();
  const branches = useBranches();
  const first = me?.branches[0]?.id;
  const config = useSWR(me && first === undefined && isAdmin(me) ? '/api/config' : null, (url) => api.get(url), {
    revalidateOnFocus: false,
  });
  const branch = (branches.data as Branch[] | undefined)?.find((b) => b.id === first);
  return branch?.timezone ?? config.data?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}
