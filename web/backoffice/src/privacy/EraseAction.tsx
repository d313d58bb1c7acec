import type { PrivacyRequestInput, PrivacyRequestRecord } from '@shop/contracts';
import { useState } from 'react';
import { errorMessage } from '../api/client';
import { T } from '../texts';
import { Dialog } from '../ui/Dialog';
import { TableHead } from '../ui/DataTable';
import { useNotices } from '../ui/notices';
import { privacyApi } from './privacy-api';
import { countLabel, countsByKind, incompleteText } from './privacy-format';

const P = T.privacy;

/**
 * 'Daten löschen' for the searched request: a dialog says what happens (personal data removed everywhere, orders
 * within the tax period kept anonymised) and is sent only once the confirmation is ticked
 * (POST /api/privacy/erasures). The record's counts per kind are handed to `onErased`.
 */
export function EraseAction({
  input,
  onErased,
}: {
  input: PrivacyRequestInput;
  onErased: (record: PrivacyRequestRecord) => void;
}) {
  const notices = useNotices();
  const [asking, setAsking] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [erasing, setErasing] = useState(false);
  const close = () => {
    setAsking(false);
    setConfirmed(false);
  };
  const erase = async (): Promise<void> => {
    setErasing(true);
    try {
      const record = await privacyApi.erase(input);
      close();
      notices.success(P.erased);
      onErased(record);
    } catch (err) {
      // every service's erase is idempotent: repeating a failed one erases the rest
      notices.error(errorMessage(err, P.eraseFailed), () => erase(), err);
    } finally {
      setErasing(false);
    }
  };
  return (
    <>
      <button type="button" className="danger" onClick={() => setAsking(true)}>
        {P.erase}
      </button>
      {asking && (
        <Dialog title={P.eraseTitle} onClose={close}>
          <p>{P.eraseText}</p>
          <p>{P.eraseTaxText}</p>
          <p>
            <strong>{P.eraseFinal}</strong>
          </p>
          <label className="check">
            <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />{' '}
            {P.eraseConfirm}
          </label>
          <div className="form-actions">
            <button type="button" className="danger" disabled={!confirmed || erasing} onClick={() => void erase()}>
              {erasing ? P.erasing : P.eraseNow}
            </button>
            <button type="button" onClick={close}>
              {P.cancel}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}

/** What an erasure removed or anonymised, per kind (the record's counts; the record keeps no erased data). */
export function ErasedCounts({ record }: { record: PrivacyRequestRecord }) {
  const counts = countsByKind(record.counts);
  const failed = record.failedServices ?? [];
  return (
    <section className="privacy-erased" aria-labelledby="privacy-erased-title">
      <h2 id="privacy-erased-title">{P.erasedTitle}</h2>
      {failed.length > 0 && <p role="alert">{incompleteText(failed)}</p>}
      {counts.length === 0 ? (
        <p>{P.nothingErased}</p>
      ) : (
        <table className="data-table">
          <TableHead headings={[P.area, P.count]} />
          <tbody>
            {counts.map((c) => (
              <tr key={c.kind}>
                <td data-label={P.area}>{countLabel(c.kind)}</td>
                <td data-label={P.count} className="num">
                  {c.count}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
