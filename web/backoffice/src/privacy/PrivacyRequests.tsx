import { PRIVACY_REQUEST_KIND_LABELS, type PrivacyRequestRecord } from '@shop/contracts';
import { formatDateTime } from '@shop/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { f, T } from '../texts';
import { PagedTable, type Column } from '../ui/DataTable';
import { LoadFailed } from '../ui/notices';
import { privacyApi } from './privacy-api';
import { countsText, incompleteText } from './privacy-format';

const P = T.privacy;
const PER_PAGE = 25;

/** An export's state: downloaded (when), expired, or ready until when; '–' for a search or an erasure. */
function exportState(r: PrivacyRequestRecord, now: number): string {
  if (r.kind !== 'export') return P.noExport;
  if (r.exportDownloadedAt) return f(P.exportDownloaded, { date: formatDateTime(r.exportDownloadedAt) });
  if (!r.exportExpiresAt || Date.parse(r.exportExpiresAt) <= now) return P.exportExpired;
  return f(P.exportOpen, { date: formatDateTime(r.exportExpiresAt) });
}

/** The counts found, exported or erased; an erasure some services did not confirm says which. */
function resultText(r: PrivacyRequestRecord): string {
  const failed = r.failedServices ?? [];
  const counts = countsText(r.counts);
  return failed.length ? `${counts}; ${incompleteText(failed)}` : counts;
}

const columns = (now: number): Column<PrivacyRequestRecord>[] => [
  { label: P.kind, cell: (r) => PRIVACY_REQUEST_KIND_LABELS[r.kind] },
  { label: P.requestedBy, cell: (r) => r.requestedBy },
  { label: P.handledBy, cell: (r) => r.handledBy.name },
  { label: P.createdAt, cell: (r) => formatDateTime(r.createdAt) },
  { label: P.result, cell: resultText },
  { label: P.exportState, cell: (r) => exportState(r, now) },
];

/**
 * The requests' records (administrators; GET /api/privacy/requests): kind, who asked, who handled it, when, the
 * counts and the export's state, newest first as the server pages them; the page in the address (?page=).
 */
export function PrivacyRequests() {
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useSWR(privacyApi.requestsUrl(page, PER_PAGE), privacyApi.requests, { keepPreviousData: true });
  // whether an export has expired, as of the screen's opening (exports are kept for days, not minutes)
  const [now] = useState(Date.now);
  return (
    <section className="privacy-requests" aria-labelledby="privacy-requests-title">
      <h2 id="privacy-requests-title">{P.requestsTitle}</h2>
      <LoadFailed load={list} message={P.requestsFailed} />
      {!list.data && !list.error && <p role="status">{T.app.loading}</p>}
      {list.data && <PagedTable columns={columns(now)} list={list.data} empty={P.requestsEmpty} />}
    </section>
  );
}
