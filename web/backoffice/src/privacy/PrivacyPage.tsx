import type { PrivacyRequestInput, PrivacyRequestRecord, PrivacySearchResult } from '@shop/contracts';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { isAdmin, useMe } from '../features/auth/use-me';
import { T } from '../texts';
import { EraseAction, ErasedCounts } from './EraseAction';
import { ExportPanel } from './ExportPanel';
import { PrivacyRequests } from './PrivacyRequests';
import { PrivacyResult } from './PrivacyResult';
import { PrivacySearchForm } from './PrivacySearchForm';
import './privacy.css';

const P = T.privacy;

/** The search on screen: what was asked (the export and the erasure repeat it), and what it found. */
interface Found {
  input: PrivacyRequestInput;
  result: PrivacySearchResult;
}

/**
 * #/privacy, 'Datenschutz' (issue 44; administrators and ROLE_PRIVACY, the server checks the permission `privacy`):
 * a customer's data found by e-mail address and/or phone number, per section; the export as one file (JSON or CSV,
 * downloadable once); the erasure after a confirmation, with its counts; for administrators the requests' records.
 * Export and erasure act on the search shown (its query and 'Anfrage von'), not on what the form holds meanwhile.
 */
export default function PrivacyPage() {
  const { data: me } = useMe();
  const { mutate } = useSWRConfig();
  const [found, setFound] = useState<Found | null>(null);
  const [erased, setErased] = useState<PrivacyRequestRecord | null>(null);
  // each search, export, download and erasure adds to or changes the records
  const recordsChanged = () => void mutate((key) => typeof key === 'string' && key.startsWith('/api/privacy/requests'));

  return (
    <section className="privacy">
      <h1>{P.title}</h1>
      <p className="help">{P.intro}</p>
      <PrivacySearchForm
        onFound={(input, result) => {
          setFound({ input, result });
          setErased(null);
          recordsChanged();
        }}
      />
      {found && !erased && <PrivacyResult sections={found.result.sections} />}
      {erased && <ErasedCounts record={erased} />}
      {found && (
        <div className="privacy-actions">
          <ExportPanel
            key={found.result.request.id}
            input={found.input}
            canCreate={!erased}
            onChanged={recordsChanged}
          />
          {!erased && (
            <EraseAction
              input={found.input}
              onErased={(record) => {
                setErased(record);
                recordsChanged();
              }}
            />
          )}
        </div>
      )}
      {isAdmin(me) && <PrivacyRequests />}
    </section>
  );
}
