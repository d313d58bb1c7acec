import { FontFamily, FontVariant } from '@shop/contracts';
import { format, mediaTexts, resourceFailure } from '@shop/i18n-de';
import type { FormEvent } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import useSWR from 'swr';
import { z } from 'zod';
import { api, ApiError, apiUrl, errorMessage } from '../../api/client';
import { useContractForm } from '../../ui/contract-form';
import { useNotices } from '../../ui/notices';
import { DataTable } from '../content/list-tools';
import { useDocumentTitle } from '../content/use-content-editor';
import { LoadState } from '../../ui/resource-state';

const F = mediaTexts.fonts;

/** The fetch form's values: the patterns the fonts route itself allows (the contract's FontFamily and FontVariant). */
const FontRequest = z.object({ family: FontFamily, variant: FontVariant });
type FontDraft = z.input<typeof FontRequest>;

/** The fetch form's two fields: what they are called, their hint and the longest value the route takes. */
const FONT_FIELDS = [
  { name: 'family', label: F.family, hint: F.familyHint, maxLength: 64 },
  { name: 'variant', label: F.variant, hint: F.variantHint, maxLength: 20 },
] as const;

/** What the fetch form checks before asking the server: the patterns the fonts route itself allows. */
export function checkFontRequest(family: string, variant: string): Record<'family' | 'variant', string | null> {
  return {
    family: FontFamily.safeParse(family.trim()).success ? null : F.invalidFamily,
    variant: FontVariant.safeParse(variant.trim()).success ? null : F.invalidVariant,
  };
}

/**
 * The fetch form on react-hook-form with the contract's patterns (useContractForm): checked in the browser first
 * (a family or variant the route would refuse is named at its field, nothing is sent); a family Google does not
 * have (404) is named at the family field, another failure in a notice with a retry.
 */
function useFontFetch(reload: () => void) {
  const notices = useNotices();
  const { form, errors, onSubmit, saving } = useContractForm(FontRequest, {
    defaultValues: { family: '', variant: 'regular' },
    send: async (values) => {
      const [family, variant] = [values.family.trim(), values.variant.trim()];
      await api.get(apiUrl('/api/fonts/google/{family}/{file}', { family, file: `style-${variant}.embed.css` }));
      notices.success(format(F.fetched, { family, variant }));
      reload();
    },
    failed: (err, retry) => {
      if (err instanceof ApiError && err.status === 404)
        form.setError('family', { type: 'server', message: F.notFound });
      else notices.error(errorMessage(err, resourceFailure('fonts', 'load')), retry, err);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { family, variant } = form.getValues();
    const check = checkFontRequest(family, variant);
    form.clearErrors();
    for (const name of ['family', 'variant'] as const) {
      const message = check[name];
      if (message) form.setError(name, { type: 'client', message });
    }
    if (!check.family && !check.variant) void onSubmit();
  };
  return { register: form.register, errors, submit, busy: saving };
}

/**
 * #/media/fonts: the families GET /api/fonts lists (those on offer and those fetched), with the variants stored
 * on this server; a Google family's variant is fetched to the server through its embed route
 * (/api/fonts/google/{family}/style-{variant}.embed.css), after which the list shows it.
 */
export default function FontsPage() {
  useDocumentTitle(F.title);
  const { data, error, mutate } = useSWR('/api/fonts', (url: '/api/fonts') => api.get(url));
  const { register, errors, submit, busy } = useFontFetch(() => void mutate());

  return (
    <section>
      <h1>{F.title}</h1>
      <p className="help">{F.hint}</p>
      <form className="font-fetch" onSubmit={submit} noValidate>
        {FONT_FIELDS.map((f) => (
          <FontField key={f.name} {...f} error={errors[f.name]} register={register} />
        ))}
        <div className="form-actions">
          <button type="submit" className="primary" disabled={busy}>
            {F.fetch}
          </button>
        </div>
        {busy && <p role="status">{F.fetching}</p>}
      </form>
      <LoadState noun="fonts" loaded={Boolean(data)} error={error} retry={() => mutate()} />
      {data && (
        <DataTable columns={[F.family, F.variants, F.stored]}>
          {data.map((f) => (
            <tr key={f.family}>
              <td data-label={F.family}>{f.family}</td>
              <td data-label={F.variants}>{f.variants.join(', ')}</td>
              <td data-label={F.stored}>{f.stored.length ? f.stored.join(', ') : F.none}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {data?.length === 0 && <p>{F.empty}</p>}
    </section>
  );
}

/** A required field of the fetch form with its hint and its error (both describe the input). */
function FontField({
  name,
  label,
  hint,
  maxLength,
  error,
  register,
}: {
  name: 'family' | 'variant';
  label: string;
  hint: string;
  maxLength: number;
  error?: string;
  register: UseFormRegister<FontDraft>;
}) {
  const id = `font-${name}`;
  const described = error
    ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-hint ${id}-error` }
    : { 'aria-describedby': `${id}-hint` };
  return (
    <div className="field">
      <label htmlFor={id}>{label} *</label>
      <input id={id} required maxLength={maxLength} {...described} {...register(name)} />
      <p className="help" id={`${id}-hint`}>
        {hint}
      </p>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
