import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The draft of a filter form: the filters of the address, editable until applied. It follows the address, so
 * going back and forward in the browser shows the filters of the list on screen.
 */
export function useFilterDraft(names: readonly string[]) {
  const [params] = useSearchParams();
  const applied = JSON.stringify(names.map((k) => params.get(k) ?? ''));
  const toDraft = (json: string): Record<string, string> =>
    Object.fromEntries((JSON.parse(json) as string[]).map((v, i) => [names[i], v]));
  const [draft, setDraft] = useState(() => toDraft(applied));
  // eslint-disable-next-line react-hooks/exhaustive-deps, react-hooks/set-state-in-effect -- the draft follows the address (by value: applied), see above
  useEffect(() => setDraft(toDraft(applied)), [applied]);
  return [draft, setDraft] as const;
}
