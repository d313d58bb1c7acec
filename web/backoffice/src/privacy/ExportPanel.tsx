import {
  PRIVACY_EXPORT_FORMATS,
  type PrivacyExportFormat,
  type PrivacyRequestInput,
  type PrivacyRequestRecord,
} from '@shop/contracts';
import { formatDateTime } from '@shop/domain';
import { useState } from 'react';
import { ApiError, errorMessage } from '../api/client';
import { f, T } from '../texts';
import { useNotices } from '../ui/notices';
import { downloadExport, fileSaver, privacyApi } from './privacy-api';

const P = T.privacy;

/** The export's states on screen: none yet, ready to download (once), downloaded, or gone on the server. */
type Download = 'ready' | 'busy' | 'done' | 'gone';

/**
 * 'Exportieren' for the searched request: a format (JSON or CSV), the export (POST /api/privacy/exports), then
 * 'Datei herunterladen' with its expiry and the note that it works once. After the download the button goes; a
 * file the server no longer has (downloaded in another tab, or expired: the gateway's 404, whose German message
 * says which and when) takes the button with it and says why in the server's words.
 */
export function ExportPanel({
  input,
  canCreate,
  onChanged,
}: {
  input: PrivacyRequestInput;
  /** false once the data was erased: an existing export can still be downloaded, no new one made */
  canCreate: boolean;
  onChanged: () => void;
}) {
  const notices = useNotices();
  const [format, setFormat] = useState<PrivacyExportFormat>('json');
  const [creating, setCreating] = useState(false);
  const [record, setRecord] = useState<PrivacyRequestRecord | null>(null);
  const [download, setDownload] = useState<Download>('ready');

  const create = async (): Promise<void> => {
    setCreating(true);
    try {
      setRecord(await privacyApi.export({ ...input, format }));
      setDownload('ready');
      onChanged();
    } catch (err) {
      notices.error(errorMessage(err, P.exportFailed), () => create(), err);
    } finally {
      setCreating(false);
    }
  };

  const fetchFile = async (exported: PrivacyRequestRecord): Promise<void> => {
    setDownload('busy');
    try {
      const fallback = `datenauskunft-${exported.id}.${exported.exportFormat ?? format}`;
      const { blob, fileName } = await downloadExport(exported.id, fallback);
      fileSaver.save(blob, fileName);
      setDownload('done');
      onChanged();
    } catch (err) {
      // 404: downloaded already or expired (services/identity/src/privacy/usecases/download): nothing to repeat
      const gone = err instanceof ApiError && err.status === 404;
      setDownload(gone ? 'gone' : 'ready');
      notices.error(errorMessage(err, P.downloadFailed), gone ? undefined : () => fetchFile(exported), err);
    }
  };

  return (
    <section className="privacy-export" aria-labelledby="privacy-export-title">
      <h2 id="privacy-export-title">{P.exportTitle}</h2>
      {canCreate && (
        <div className="filters">
          <fieldset className="privacy-formats">
            <legend>{P.format}</legend>
            {PRIVACY_EXPORT_FORMATS.map((value) => (
              <label key={value} className="check">
                <input
                  type="radio"
                  name="privacy-format"
                  value={value}
                  checked={format === value}
                  onChange={() => setFormat(value)}
                />{' '}
                {P.formats[value]}
              </label>
            ))}
          </fieldset>
          <button type="button" disabled={creating} onClick={() => void create()}>
            {creating ? P.exporting : P.export}
          </button>
        </div>
      )}
      {record && <ExportFile record={record} state={download} onDownload={() => void fetchFile(record)} />}
    </section>
  );
}

/** The created export: the download button with its expiry and the once-only note; afterwards what happened. */
function ExportFile({
  record,
  state,
  onDownload,
}: {
  record: PrivacyRequestRecord;
  state: Download;
  onDownload: () => void;
}) {
  if (state === 'done') return <p role="status">{P.downloaded}</p>;
  if (state === 'gone') return null;
  return (
    <div className="privacy-file">
      <button type="button" className="primary" disabled={state === 'busy'} onClick={onDownload}>
        {P.download}
      </button>{' '}
      {record.exportExpiresAt && (
        <span>
          ({record.exportFormat ? `${P.formats[record.exportFormat]}, ` : ''}
          {f(P.validUntil, { date: formatDateTime(record.exportExpiresAt) })})
        </span>
      )}
      <p className="help">{P.downloadOnce}</p>
    </div>
  );
}
