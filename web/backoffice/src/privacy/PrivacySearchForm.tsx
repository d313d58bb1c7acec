import { PrivacyRequestInput, type PrivacySearchResult } from '@shop/contracts';
import { ApiError, errorMessage } from '../api/client';
import { T } from '../texts';
import { useContractForm } from '../ui/contract-form';
import { useNotices } from '../ui/notices';
import { ErrorText, invalidProps } from '../features/resources/ErrorText';
import { privacyApi } from './privacy-api';

const P = T.privacy;
/** the form's fields, as the gateway names them in its field errors */
const FIELDS = ['query.email', 'query.phone', 'requestedBy'] as const;
const EMPTY = { query: { email: '', phone: '' }, requestedBy: '' };

/** The request's body: an empty address or number is none (null), as the contract's query expects. */
export function requestBody(values: PrivacyRequestInput): PrivacyRequestInput {
  const text = (v: string | null | undefined) => v?.trim() || null;
  return {
    query: { email: text(values.query.email), phone: text(values.query.phone) },
    requestedBy: values.requestedBy,
  };
}

/**
 * The search (POST /api/privacy/searches) on react-hook-form with the contract's PrivacyRequestInput
 * (useContractForm): the server's German field errors (no address and no number, an invalid address or number, no
 * 'Anfrage von') stand at their fields; any other failure is a notice.
 */
export function PrivacySearchForm({
  onFound,
}: {
  onFound: (input: PrivacyRequestInput, result: PrivacySearchResult) => void;
}) {
  const notices = useNotices();
  const { form, errors, onSubmit, saving } = useContractForm(PrivacyRequestInput, {
    defaultValues: EMPTY,
    send: async (values) => {
      const input = requestBody(values);
      onFound(input, await privacyApi.search(input));
    },
    failed: (err, retry) => {
      // the fields' own errors stand at the fields (useContractForm put them there)
      const atFields = err instanceof ApiError && err.errors.length > 0;
      if (atFields && err.errors.every((e) => FIELDS.includes(e.field as (typeof FIELDS)[number]))) return;
      notices.error(errorMessage(err, P.searchFailed), retry, err);
    },
  });
  const field = (id: string, name: (typeof FIELDS)[number], label: string, input: object, hint?: string) => {
    const error = errors[name];
    const hintId = hint ? `${id}-hint` : undefined;
    const invalid = invalidProps(id, error);
    const describedBy = [hintId, invalid['aria-describedby']].filter(Boolean).join(' ') || undefined;
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input id={id} {...input} {...invalid} aria-describedby={describedBy} {...form.register(name)} />
        {hint && (
          <p className="help" id={hintId}>
            {hint}
          </p>
        )}
        <ErrorText id={id} message={error} />
      </div>
    );
  };
  return (
    <form className="privacy-search" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={P.searchTitle}>
      <h2>{P.searchTitle}</h2>
      <p className="help">{P.queryHint}</p>
      {field('privacy-email', 'query.email', P.email, { type: 'email', autoComplete: 'off' })}
      {field('privacy-phone', 'query.phone', P.phone, { type: 'tel', autoComplete: 'off' })}
      {field(
        'privacy-requested-by',
        'requestedBy',
        `${P.requestedBy} *`,
        { required: true, maxLength: 500 },
        P.requestedByHint,
      )}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={saving}>
          {saving ? P.searching : P.search}
        </button>
      </div>
    </form>
  );
}
