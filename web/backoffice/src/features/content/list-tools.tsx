import { WEBSITES } from '@shop/contracts';
import { contentBuilderTexts } from '@shop/i18n-de';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { TableHead } from '../../ui/DataTable';
import { useListParams } from '../../ui/list-filters';
import { labelled, Options } from '../../ui/Options';
import { LoadState } from '../../ui/resource-state';
import { useContentReadOnly } from './content-permission';

export { LoadState, useListParams };

/** The websites a site, navigation or redirect belongs to, as a select's options. */
export function WebsiteOptions() {
  return <Options choices={labelled(WEBSITES, contentBuilderTexts.sites.websites)} />;
}

/** A list's table: a heading per column, the rows as given. */
export function DataTable({ columns, children }: { columns: readonly string[]; children: ReactNode }) {
  return (
    <table className="data-table">
      <TableHead headings={columns} />
      <tbody>{children}</tbody>
    </table>
  );
}

/**
 * A list's heading with the link that creates a new entry; for staff without the content permission, the note that
 * they read only instead.
 */
export function ListHeader({ title, to, create }: { title: string; to: string; create: string }) {
  const readOnly = useContentReadOnly();
  return (
    <div className="page-header">
      <h1>{title}</h1>
      {readOnly ? (
        <p className="hint" role="note">
          {contentBuilderTexts.readOnly}
        </p>
      ) : (
        <Link className="button primary" to={to}>
          {create}
        </Link>
      )}
    </div>
  );
}
