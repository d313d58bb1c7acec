import type {
  ErrorEnvelope,
  PrivacyExportInput,
  PrivacyRequestInput,
  PrivacyRequestRecord,
  PrivacySearchResult,
} from '@shop/contracts';
import { NETWORK_ERROR, type ListEnvelope } from '@shop/web-api';
import { api, ApiError, apiUrl, loginUrl, navigation, type ApiUrl } from '../api/client';

/** A page of the request records (administrators). */
export type PrivacyRequestPage = ListEnvelope<PrivacyRequestRecord[]>;

/**
 * The staff client's calls for issue 44's routes (gateway/src/privacy/privacy.controller.ts), typed by the generated
 * OpenAPI client: they keep the client's CSRF header, 401 → login page and error envelope (ApiError). The answers are
 * the contracts' types.
 */
export const privacyApi = {
  /** finds the customer's data and records the search */
  search: (body: PrivacyRequestInput): Promise<PrivacySearchResult> => api.post('/api/privacy/searches', body),
  /** finds, records and keeps the file for one download by the staff member who asked */
  export: (body: PrivacyExportInput): Promise<PrivacyRequestRecord> => api.post('/api/privacy/exports', body),
  /** erases or anonymises everywhere; the record holds the counts per kind */
  erase: (body: PrivacyRequestInput): Promise<PrivacyRequestRecord> => api.post('/api/privacy/erasures', body),
  /** the SWR key of a page of the records */
  requestsUrl: (page: number, perPage: number) => apiUrl('/api/privacy/requests', {}, { page, perPage }),
  requests: (url: ApiUrl<'/api/privacy/requests'>): Promise<PrivacyRequestPage> => api.list(url),
  /** the export's file: an attachment, not the JSON envelope (fetched by downloadExport) */
  downloadUrl: (id: number) => apiUrl('/api/privacy/exports/{id}/download', { id }),
};

/** The file's name from `Content-Disposition` (RFC 6266: `filename*=UTF-8''…` before `filename="…"`). */
export function attachmentName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // a malformed encoding: the plain name below
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/** A failed download as the client's ApiError: the envelope's German message (404: downloaded already or expired). */
async function downloadFailure(res: Response): Promise<ApiError> {
  let envelope: Partial<ErrorEnvelope> | null = null;
  try {
    envelope = (await res.json()) as Partial<ErrorEnvelope>;
  } catch {
    // no JSON (a proxy's page): the status alone
  }
  const error = new ApiError(
    res.status,
    envelope?.code ?? `HTTP_${res.status}`,
    envelope?.message ?? '',
    Array.isArray(envelope?.errors) ? envelope.errors : [],
  );
  if (res.status === 401) navigation.toLogin(loginUrl(window.location.hash, error.message));
  return error;
}

/**
 * The export's file (an attachment, not the JSON envelope): fetched with the session cookie, so a refusal (the file
 * was downloaded already or expired: 404) arrives as the envelope's German message instead of as a saved file.
 */
export async function downloadExport(id: number, fallbackName: string): Promise<{ blob: Blob; fileName: string }> {
  let res: Response;
  try {
    res = await fetch(privacyApi.downloadUrl(id), { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, NETWORK_ERROR, '');
  }
  if (!res.ok) throw await downloadFailure(res);
  return { blob: await res.blob(), fileName: attachmentName(res.headers.get('content-disposition'), fallbackName) };
}

/** Hands a file to the browser's downloads (replaceable in unit tests, which have no downloads). */
export const fileSaver = {
  save(blob: Blob, fileName: string): void {
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  },
};
