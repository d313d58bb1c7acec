import { layoutText as t } from '../layout-text';

/**
 * §2.2 "Draft (non-public) pages get a draft style." Only staff receive non-public pages in /api/init, so only
 * they ever see one: the page gets the `page--draft` frame (the apps' stylesheets) and this note.
 */
export function DraftNote() {
  return (
    <p className="draft-note" role="note">
      {t('draftNote')}
    </p>
  );
}
