import { useState } from 'react';
import { layoutText as t } from '../layout-text';

/**
 * §2.2 "Front-end tools panel for the administrator role only." The spec names no tools; these two serve an
 * administrator looking at the website: open the matching back-office screen (`editHref`), and load the start-up
 * data again at once after a change (`reload`, which says whether it worked).
 */
export function AdminTools({ editHref, reload }: { editHref: string; reload: () => Promise<boolean> }) {
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<'' | 'dataReloaded' | 'loadFailed'>('');
  return (
    <aside className="admin-tools" aria-label={t('adminToolsLabel')}>
      {open && (
        <div id="admin-tools-panel" className="admin-tools__panel">
          <a className="button button--small button--secondary" href={editHref}>
            {t('editInBackoffice')}
          </a>
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={async () => {
              setStatus('');
              setStatus((await reload()) ? 'dataReloaded' : 'loadFailed');
            }}
          >
            {t('reloadData')}
          </button>
          <p role="status" className="admin-tools__status">
            {status ? t(status) : ''}
          </p>
        </div>
      )}
      <button
        type="button"
        className="button button--small"
        aria-expanded={open}
        aria-controls="admin-tools-panel"
        onClick={() => setOpen((o) => !o)}
      >
        {t('adminTools')}
      </button>
    </aside>
  );
}
