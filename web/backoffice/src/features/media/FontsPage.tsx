import { FontFamily, FontVariant } from '@shop/contracts';
import { format, mediaTexts, resourceFailure } from '@shop/i18n-de';
import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { api, ApiError, apiUrl, errorMessage } from '../../api/client';
import { useNotices } from '../../ui/notices';
import { useDocumentTitle } from '../content/use-content-editor';
import { LoadState } from '../../ui/resource-state';

const F = mediaTexts.fonts;

/** What the fetch form checks before asking the server: the patterns the fonts route itself allows. */
export function checkFontRequest(family: string, variant: string): Record<'family' | 'variant', string | null> {
  return {
    family: FontFamily.safeParse(family.trim()).success ? null : F.invalidFamily,
    variant: FontVariant.safeParse(variant.trim()).success ? null : F.invalidVariant,
  };
}

/**
 * #/media/fonts: the families GET /api/fonts lists (those on offer and those fetched), with the variants stored
 * on this server; a Google family's variant is fetched to the server through its embed route
 * (/api/fonts/google/{family}/style-{variant}.embed.css), after which the list shows it.
 */
export default function FontsPage() {
  useDocumentTitle(F.title);
  const notices = useNotices();
  const { data, error, mutate } = useSWR('/api/fonts', (url: '/api/fonts') => api.get(url));
  const [family, setFamily] = useState('');
  const [variant, setVariant] = useState('regular');
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [busy, setBusy] = useState(false);

  const fetchFont = async (name: string, style: string): Promise<void> => {
    setBusy(true);
    try {
      await api.get(apiUrl('/api/fonts/google/{family}/{file}', { family: name, file: `style-${style}.embed.css` }));
      notices.success(format(F.fetched, { family: name, variant: style }));
      void mutate();
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) setErrors({ family: F.notFound });
      else notices.error(errorMessage(err, resourceFailure('fonts', 'load')), () => fetchFont(name, style), err);
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const check = checkFontRequest(family, variant);
    setErrors(check);
    if (!check.family && !check.variant) void fetchFont(family.trim(), variant.trim());
  };
  const described = (name: 'family' | 'variant') =>
    errors[name]
      ? { 'aria-invalid': true as const, 'aria-describedby': `font-${name}-hint font-${name}-error` }
      : { 'aria-describedby': `font-${name}-hint` };

  return (
    <section>
      <h1>{F.title}</h1>
      <p className="help">{F.hint}</p>
      <form className="font-fetch" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="font-family">{F.family} *</label>
          <input
            id="font-family"
            required
            maxLength={64}
            value={family}
            {...described('family')}
            onChange={(e) => setFamily(e.target.value)}
          />
          <p className="help" id="font-family-hint">
            {F.familyHint}
          </p>
          {errors.family && (
            <p className="field-error" id="font-family-error">
              {errors.family}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="font-variant">{F.variant} *</label>
          <input
            id="font-variant"
            required
            maxLength={20}
            value={variant}
            {...described('variant')}
            onChange={(e) => setVariant(e.target.value)}
          />
          <p className="help" id="font-variant-hint">
            {F.variantHint}
          </p>
          {errors.variant && (
            <p className="field-error" id="font-variant-error">
              {errors.variant}
            </p>
          )}
        </div>
        <div className="form-actions">
          <button type="submit" className="primary" disabled={busy}>
            {F.fetch}
          </button>
        </div>
        {busy && <p role="status">{F.fetching}</p>}
      </form>
      <LoadState noun="fonts" loaded={Boolean(data)} error={error} retry={() => mutate()} />
      {data && (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{F.family}</th>
              <th scope="col">{F.variants}</th>
              <th scope="col">{F.stored}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((f) => (
              <tr key={f.family}>
                <td data-label={F.family}>{f.family}</td>
                <td data-label={F.variants}>{f.variants.join(', ')}</td>
                <td data-label={F.stored}>{f.stored.length ? f.stored.join(', ') : F.none}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data?.length === 0 && <p>{F.empty}</p>}
    </section>
  );
}
