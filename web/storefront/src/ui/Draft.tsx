import { s } from '../texts';

/**
 * §2.2 "Draft (non-public) pages get a draft style." Only staff receive non-public branches and sites in
 * /api/init, so only they ever see one: the page gets the `page--draft` frame and this note.
 */
export function DraftNote() {
  return (
    <p className="draft-note" role="note">
      {s('draftNote')}
    </p>
  );
}
