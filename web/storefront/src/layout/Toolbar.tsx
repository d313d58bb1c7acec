import { branchStatus, openBranchesText, toolbarBranchText } from '@shop/domain';
import type { Branch } from '@shop/contracts';
import { useNow } from '../state/clock';
import { useSelectedBranch } from '../state/selected-branch';
import { s } from '../texts';

/**
 * §2.2 "Optional toolbar: shows the selected branch, or the number of open branches ('1 Standort geöffnet',
 * 'N Standorte geöffnet', 'Alle Standorte geschlossen'). For a selected branch it shows 'Geöffnet bis
 * {time}' (warning style when closing soon) or 'Geschlossen'."
 */
export function Toolbar({ branches }: { branches: Branch[] }) {
  const now = useNow();
  const selectedId = useSelectedBranch();
  const selected = branches.find((b) => b.identifier === selectedId);
  let content: { text: string; warning: boolean; name?: string };
  if (selected) {
    const t = toolbarBranchText(branchStatus(selected, now));
    content = { text: t.text, warning: t.isWarning, name: selected.name };
  } else {
    const open = branches.filter((b) => branchStatus(b, now).isOpen).length;
    content = { text: openBranchesText(open), warning: false };
  }
  return (
    <div className="toolbar" role="status" aria-label={s('toolbarLabel')}>
      <div className="container">
        {content.name && <strong>{content.name}: </strong>}
        <span className={content.warning ? 'toolbar__warning' : undefined}>{content.text}</span>
      </div>
    </div>
  );
}
