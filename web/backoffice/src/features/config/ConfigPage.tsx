import { ConfigInput, COUNTRIES } from '@shop/contracts';
import { useEffect } from 'react';
import type { Path } from 'react-hook-form';
import useSWR from 'swr';
import { api, ApiError } from '../../api/client';
import { t, T } from '../../texts';
import { useContractForm } from '../../ui/contract-form';
import { ErrorSummary } from '../../ui/ErrorSummary';
import { LoadError, useNotices } from '../../ui/notices';
import { isAdmin, useMe } from '../auth/use-me';
import { ControlledField } from '../resources/ControlledField';
import { flag, num, text as nullableText } from '../resources/defs/define';
import type { Field, FieldGroup } from '../resources/types';

const F = T.fields;
const O = T.options as Record<string, string>;
const G = T.groups;
type Key = keyof typeof F & Path<ConfigInput>;
const text = <N extends Key>(name: N, kind: 'text' | 'email' | 'url' = 'text'): Field<N> =>
  nullableText(name, { kind });
const area = <N extends Key>(name: N): Field<N> => ({
  name,
  label: F[name],
  kind: 'textarea',
  nullable: true,
  rows: 6,
});

/** A server message with the label of the field it is about ('Shopname: Dieser Wert sollte nicht leer sein.'). */
const fieldLine = (field: string, message: string) => `${(F as Record<string, string>)[field] ?? field}: ${message}`;

/** Every field of the configuration (backoffice-platform.md §3 "Config fields" and the storefront's plugins). */
const GROUPS: FieldGroup<Path<ConfigInput>>[] = [
  {
    legend: G.general,
    fields: [
      { name: 'shopName', label: F.shopName, kind: 'text', required: true },
      text('businessName'),
      text('title'),
      area('description'),
      { name: 'logo', label: F.logo, kind: 'image' },
    ],
  },
  {
    legend: G.contact,
    fields: [
      text('street'),
      text('zipCode'),
      text('city'),
      {
        name: 'country',
        label: F.country,
        kind: 'select',
        options: COUNTRIES.map((c) => ({ value: c, label: O[c] ?? c })),
      },
      text('phone'),
      text('email', 'email'),
      text('website', 'url'),
    ],
  },
  { legend: G.seo, fields: [text('seoTitle'), area('seoDescription')] },
  {
    legend: G.legal,
    fields: [
      text('termsAndConditions', 'url'),
      area('termsAndConditionsText'),
      text('privacyPolicy', 'url'),
      area('privacyPolicyText'),
      text('imprint', 'url'),
      area('imprintText'),
      { name: 'allergens', label: F.allergensLink, kind: 'url', nullable: true },
      area('allergensText'),
    ],
  },
  {
    legend: G.general + ' (Region)',
    fields: [
      { name: 'currency', label: F.currency, kind: 'text', required: true },
      { name: 'timezone', label: F.timezone, kind: 'text', required: true },
      { name: 'locale', label: F.locale, kind: 'text', required: true },
      {
        name: 'defaultDeliveryMethod',
        label: F.defaultDeliveryMethod,
        kind: 'select',
        options: ['takeaway', 'delivery', 'dineIn'].map((v) => ({ value: v, label: O[v] })),
      },
      flag('disableTickets'),
    ],
  },
  {
    legend: G.payment,
    fields: [
      flag('enableCash'),
      flag('enableATMCard'),
      flag('enablePluginATMCard'),
      flag('enableHydroAGVoucher'),
      flag('enablePluginHydroAGVoucher'),
      flag('enableMollie'),
      flag('enablePluginMollie'),
      flag('enableDatatrans'),
      flag('enablePluginDatatrans'),
    ],
  },
  {
    legend: G.plugins,
    fields: [
      flag('enablePluginPWA'),
      flag('enablePluginToolbar'),
      flag('enablePluginMapbox'),
      flag('enablePluginHomePage'),
      flag('enablePluginSearch'),
      flag('enablePluginTags'),
      flag('enablePluginCategoryBar'),
      flag('enablePluginSMS'),
      flag('enablePluginDonations'),
      flag('enablePluginFrontdesk'),
      flag('enablePluginOrderReviews'),
    ],
  },
  {
    legend: G.map,
    fields: [
      num('mapboxZoom'),
      num('mapboxPitch'),
      num('mapboxBearing'),
      text('mapboxToken'),
      text('socialPixelId'),
      text('tagManagerId'),
    ],
  },
];

/** /backend#/config: read and save the configuration (GET and POST /api/config), checked with ConfigInput. */
export default function ConfigPage() {
  const notices = useNotices();
  const { data: me } = useMe();
  const { data, error, mutate } = useSWR('/api/config', (url) => api.get(url), { revalidateOnFocus: false });
  const { form, errors, onSubmit, saving } = useContractForm(ConfigInput, {
    defaultValues: {},
    send: async (config) => {
      // the generated form edits the configuration field by field; the gateway validates it with ConfigInput
      const saved = await api.post('/api/config', config);
      form.reset(saved);
      void mutate(saved, { revalidate: false });
      notices.success(T.app.saved);
    },
    failed: (err, retry) => {
      const fallback = t('backoffice.configSaveFailed');
      // §5 the first server message, named by its field like the summary's
      const [first] = Object.entries(err instanceof ApiError ? err.fieldErrors() : {});
      notices.error(
        first ? fieldLine(...first) : err instanceof ApiError ? err.messageOr(fallback) : fallback,
        retry,
        err,
      );
    },
  });
  useEffect(() => {
    // the editable copy is replaced when the server's configuration arrives or is re-read
    if (data) form.reset(data);
  }, [form, data]);
  useEffect(() => {
    document.title = `${T.nav.config} – ${T.app.title}`;
  }, []);

  const admin = isAdmin(me);
  if (error) return <LoadError message={t('backoffice.configLoadFailed')} retry={() => mutate()} error={error} />;
  if (!data) return <p role="status">{T.app.loading}</p>;
  return (
    <section className="resource-form">
      <h1>{T.nav.config}</h1>
      <ErrorSummary lines={Object.entries(errors).map(([k, v]) => fieldLine(k, v))} />
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        {GROUPS.map((g) => (
          // employees may read the configuration; only administrators may change it
          <fieldset key={g.legend} className="group" disabled={!admin}>
            <legend>{g.legend}</legend>
            {g.fields.map((field) => (
              <ControlledField key={field.name} field={field} control={form.control} errors={errors} />
            ))}
          </fieldset>
        ))}
        {admin && (
          <div className="form-actions sticky">
            <button type="submit" className="primary" disabled={saving}>
              {saving ? T.list.saving : T.list.save}
            </button>
          </div>
        )}
      </form>
    </section>
  );
}
