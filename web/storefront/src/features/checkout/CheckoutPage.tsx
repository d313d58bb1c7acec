import {
  appointmentMessage, appointmentRules, appointmentSlots, availablePaymentMethods, COUNTRY_CHOICES, DEFAULT_COUNTRY, DONATION_AMOUNT, initialPaymentMethod, legalLink, pageTitle, shopDescription,
  filterPhoneInput, formatDate, formatMinutes, formatPrice, formatQuantityNumber, introMessages, linePrice, localDate, normalizePhone, parseTime,
  phoneMessage, requiredCheckoutFields, searchDonatees, submitLabel, TEXTAREA_ROWS, text, unitShortName, zonedInstant, zonedParts, type CheckoutField,
} from '@shop/domain';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { mutate } from 'swr';
import type { Config, Country, DeliveryMethod, Donatee, PaymentMethod, PublicOrder } from '@shop/contracts';
import type { StorefrontTextKey } from '@shop/i18n-de';
import { ApiError, apiFetch, type FieldError } from '../../api/http';
import { useData } from '../../api/init';
import { useLinkTo } from '../../app/context';
import { usePageMeta } from '../../layout/meta';
import { clearCart, setDeliveryArea, setOrderData } from '../../state/cart-store';
import { selectBranch } from '../../state/selected-branch';
import { readSession, writeSession } from '../../state/storage';
import { s } from '../../texts';
import { Dialog } from '../../ui/Dialog';
import { Markdown } from '../../ui/Markdown';
import { track } from '../analytics/analytics';
import { NotFound } from '../site/NotFound';
import { CostLines, MinimumOrderHint } from '../store/CartPanel';
import { partsPayload, partsSummary } from '../store/parts';
import { DeliveryMethodField } from '../store/DeliveryMethodField';
import { IntroMessages } from '../store/IntroMessages';
import { useBranch, useBranchOrder, type BranchOrder } from '../store/use-branch-order';
import { DatePicker, TimePicker } from './Pickers';

/** The example number of the phone message ('… im Format {phone} an.'), as the order service words it. */
export const PHONE_EXAMPLE = '+43 664 1234567';
const FORM_NAME = 'Bestellung';

export interface CheckoutForm {
  isCompany: boolean;
  companyName: string;
  vatNumber: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  street: string;
  floor: string;
  stairway: string;
  door: string;
  zipCode: string;
  city: string;
  country: Country;
  isDeliveryAddressDifferent: boolean;
  isDeliveryCompany: boolean;
  deliveryCompanyName: string;
  deliveryFirstName: string;
  deliveryLastName: string;
  deliveryStreet: string;
  deliveryFloor: string;
  deliveryStairway: string;
  deliveryDoor: string;
  deliveryZipCode: string;
  deliveryCity: string;
  deliveryCountry: Country;
  paymentMethod: PaymentMethod | null;
  legalInstructions: boolean;
  privacyPolicy: boolean;
  table: string;
  donatee: number | null;
}

export const EMPTY_FORM: CheckoutForm = {
  isCompany: false, companyName: '', vatNumber: '', firstName: '', lastName: '', email: '', phone: '', street: '', floor: '', stairway: '', door: '',
  zipCode: '', city: '', country: DEFAULT_COUNTRY, isDeliveryAddressDifferent: false, isDeliveryCompany: false, deliveryCompanyName: '',
  deliveryFirstName: '', deliveryLastName: '', deliveryStreet: '', deliveryFloor: '', deliveryStairway: '', deliveryDoor: '', deliveryZipCode: '',
  deliveryCity: '', deliveryCountry: DEFAULT_COUNTRY, paymentMethod: null, legalInstructions: false, privacyPolicy: false, table: '', donatee: null,
};

const draftKey = (branch: string) => `checkout:${branch}`;
const nullable = (v: string) => (v.trim() === '' ? null : v.trim());

export function CheckoutPage() {
  return <Checkout paymentFailed={false} />;
}

/** §2.1 checkout_error: "Same checkout form plus a payment-failed message". */
export function CheckoutErrorPage() {
  return <Checkout paymentFailed />;
}

function Checkout({ paymentFailed }: { paymentFailed: boolean }) {
  const { branchIdentifier } = useParams();
  const branch = useBranch(branchIdentifier);
  useEffect(() => selectBranch(branch?.identifier ?? null), [branch?.identifier]);
  if (!branch) return <NotFound />;
  return <CheckoutWithBranch key={branch.identifier} branch={branch} paymentFailed={paymentFailed} />;
}

function CheckoutWithBranch({ branch, paymentFailed }: { branch: NonNullable<ReturnType<typeof useBranch>>; paymentFailed: boolean }) {
  const order = useBranchOrder(branch);
  return <CheckoutForm order={order} paymentFailed={paymentFailed} />;
}

/** The order payload of §7 "Create order": the form fields plus isDelivery, isDineIn, items and branch. */
export function orderPayload(order: BranchOrder, form: CheckoutForm, paymentMethod: PaymentMethod): Record<string, unknown> {
  const { branch, cart, method, area } = order;
  const delivery = method === 'delivery';
  const differentAddress = delivery && form.isDeliveryAddressDifferent;
  return {
    branch: branch.id,
    isDelivery: method === 'delivery',
    isDineIn: method === 'dineIn',
    items: cart.items.map((i) => ({ product: i.product.id, amount: i.amount, unit: i.unit, parts: partsPayload(i.parts) })),
    isCompany: form.isCompany,
    companyName: form.isCompany ? nullable(form.companyName) : null,
    company: form.isCompany ? nullable(form.companyName) : null,
    vatNumber: form.isCompany ? nullable(form.vatNumber) : null,
    firstName: nullable(form.firstName),
    lastName: nullable(form.lastName),
    email: nullable(form.email),
    phone: nullable(normalizePhone(form.phone)),
    street: nullable(form.street),
    floor: nullable(form.floor),
    stairway: nullable(form.stairway),
    door: nullable(form.door),
    zipCode: nullable(form.zipCode),
    city: nullable(form.city),
    country: form.country,
    isDeliveryAddressDifferent: differentAddress,
    isDeliveryCompany: differentAddress && form.isDeliveryCompany,
    deliveryCompanyName: differentAddress && form.isDeliveryCompany ? nullable(form.deliveryCompanyName) : null,
    deliveryFirstName: differentAddress ? nullable(form.deliveryFirstName) : null,
    deliveryLastName: differentAddress ? nullable(form.deliveryLastName) : null,
    deliveryStreet: differentAddress ? nullable(form.deliveryStreet) : null,
    deliveryFloor: differentAddress ? nullable(form.deliveryFloor) : null,
    deliveryStairway: differentAddress ? nullable(form.deliveryStairway) : null,
    deliveryDoor: differentAddress ? nullable(form.deliveryDoor) : null,
    deliveryZipCode: differentAddress ? nullable(form.deliveryZipCode) : null,
    deliveryCity: differentAddress ? nullable(form.deliveryCity) : null,
    deliveryCountry: differentAddress ? form.deliveryCountry : null,
    deliveryArea: delivery ? (area?.area ?? null) : null,
    comment: nullable(cart.order.comment ?? ''),
    appointmentDate: cart.order.appointment,
    paymentMethod,
    legalInstructions: form.legalInstructions,
    privacyPolicy: form.privacyPolicy,
    table: method === 'dineIn' && branch.isTableSelectionEnabled ? nullable(form.table) : null,
    donatee: form.donatee,
  };
}

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

function CheckoutForm({ order, paymentFailed }: { order: BranchOrder; paymentFailed: boolean }) {
  const data = useData();
  const { config } = data;
  const { branch, cart, status, method, methods, area, pricing, minimum, now, currency } = order;
  const navigate = useNavigate();
  const to = useLinkTo();
  usePageMeta({ title: pageTitle(config, s('checkoutHeading')), description: branch.description || shopDescription(config) });
  const [form, setForm] = useState<CheckoutForm>(() => ({ ...EMPTY_FORM, ...(readSession<Partial<CheckoutForm>>(draftKey(branch.identifier)) ?? {}) }));
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const [picker, setPicker] = useState<null | 'date' | 'time'>(null);
  const [legal, setLegal] = useState<null | 'terms' | 'privacy'>(null);
  const [donateeOpen, setDonateeOpen] = useState(false);
  const idempotencyKey = useRef(newKey());
  const summary = useRef<HTMLDivElement>(null);
  const timeZone = branch.timezone || config.timezone;

  useEffect(() => {
    track('event', 'Checkout start', 'checkout', { branch: branch.identifier });
  }, [branch.identifier]);
  useEffect(() => writeSession(draftKey(branch.identifier), { ...form, legalInstructions: false, privacyPolicy: false }), [form, branch.identifier]);

  const payments = availablePaymentMethods(config, branch);
  const paymentMethod = initialPaymentMethod(payments, branch, form.paymentMethod);
  const required = new Set<CheckoutField>(requiredCheckoutFields(branch, method));
  const tables = data.tables.filter((t) => t.branch === branch.id);
  const intro = introMessages({ branch, status, context: 'checkout', deliveryMethod: method });
  const label = submitLabel({ branch, deliveryMethod: method, isOpen: status.isOpen, isDeliveryOpen: status.isDeliveryOpen, minimumReached: minimum.reached });
  const appointment = cart.order.appointment ? new Date(cart.order.appointment) : null;
  const appointmentText = appointmentMessage({ branch, deliveryMethod: method, appointment });
  const slotsNeeded = picker !== null;
  const slots = useMemo(
    () => (slotsNeeded ? appointmentSlots(appointmentRules(branch, method), now, { timeZone }) : []),
    [slotsNeeded, branch, method, timeZone, Math.floor(now.getTime() / 300_000)],
  );
  const date = appointment ? localDate(appointment, timeZone) : null;
  const time = appointment ? formatMinutes(zonedParts(appointment, timeZone).minutes) : null;
  const phoneHint = phoneMessage(form.phone, PHONE_EXAMPLE);
  const fieldErrors = (field: string) => errors.filter((e) => e.field === field).map((e) => e.message);
  // §7 "load all donatees (when the donation chooser opens)": the chooser's list, else the start-up batch's
  const [loadedDonatees, setLoadedDonatees] = useState<Donatee[] | null>(null);
  const chosenDonatee = (loadedDonatees ?? data.donatees).find((d) => d.id === form.donatee && d.isEnabled) ?? null;

  const set = <K extends keyof CheckoutForm>(key: K, value: CheckoutForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setAppointment = (d: string | null, t: string | null) => {
    if (!d) return setOrderData(branch.identifier, { appointment: null });
    const instant = zonedInstant(d, parseTime(t ?? '12:00'), timeZone);
    setOrderData(branch.identifier, { appointment: instant.toISOString() });
  };

  function fail(list: FieldError[]) {
    setErrors(list);
    idempotencyKey.current = newKey();
    window.scrollTo({ top: 0, behavior: 'smooth' });
    setTimeout(() => summary.current?.focus({ preventScroll: true }), 0);
  }

  async function submit() {
    track('form', `Submit: ${FORM_NAME}`, 'form');
    if (!paymentMethod) {
      track('form', `Validation Failed: ${FORM_NAME}`, 'form');
      return fail([{ field: 'paymentMethod', message: text('unknownError') }]);
    }
    // The phone format and the appointment are known here already, but the order is sent all the same: the
    // server checks them too and names every other field in the same answer (one round of corrections, not two).
    const local: FieldError[] = [];
    if (appointmentText) local.push({ field: 'appointmentDate', message: appointmentText });
    if (phoneHint) local.push({ field: 'phone', message: phoneHint });
    if (local.length > 0) track('form', `Validation Failed: ${FORM_NAME}`, 'form');
    setBusy(true);
    try {
      const created = await apiFetch<PublicOrder>('/api/orders', {
        method: 'POST',
        headers: { 'Idempotency-Key': idempotencyKey.current },
        json: orderPayload(order, form, paymentMethod),
      });
      track('form', `Submission Successful: ${FORM_NAME}`, 'form');
      track('event', 'Order placed', 'checkout', { branch: branch.identifier, total: pricing.totalGross, paymentMethod });
      if (created.paymentRedirectUrl) {
        window.location.assign(created.paymentRedirectUrl);
        return;
      }
      clearCart(branch.identifier);
      writeSession(draftKey(branch.identifier), null);
      void mutate(`/api/orders/public/${created.uid}/${created.hash}`, created, { revalidate: false });
      navigate(to(`/status/${created.uid}/${created.hash}`));
    } catch (err) {
      track('form', `Submission Failed: ${FORM_NAME}`, 'form');
      const list = err instanceof ApiError && (err.errors.length > 0 || err.message) ? (err.errors.length > 0 ? err.errors : [{ field: null, message: err.message }]) : [];
      const answer = list.length > 0 ? list : [{ field: null, message: text('unknownError') }];
      fail([...local.filter((l) => !answer.some((e) => e.field === l.field && e.message === l.message)), ...answer]);
      setBusy(false);
    }
  }

  if (cart.items.length === 0) {
    return (
      <div className="container page page--center">
        <h1>{s('checkoutHeading')}</h1>
        <p>{text('checkoutCartEmpty')}</p>
        <Link className="button" to={to(`/store/${branch.identifier}`)}>
          {s('backToBranch')}
        </Link>
      </div>
    );
  }

  const input = (field: keyof CheckoutForm & string, labelText: string, opts: { type?: string; required?: boolean; autoComplete?: string } = {}) => {
    const messages = fieldErrors(field);
    const id = `checkout-${field}`;
    return (
      <div className={`field${messages.length ? ' field--error' : ''}`}>
        <label htmlFor={id}>
          {labelText}
          {opts.required && <span aria-hidden="true"> *</span>}
        </label>
        <input
          id={id}
          type={opts.type ?? 'text'}
          autoComplete={opts.autoComplete}
          value={String(form[field] ?? '')}
          aria-required={opts.required || undefined}
          aria-invalid={messages.length > 0 || undefined}
          aria-describedby={messages.length ? `${id}-error` : undefined}
          onChange={(e) => set(field, e.target.value as never)}
        />
        <FieldMessages id={`${id}-error`} messages={messages} />
      </div>
    );
  };

  return (
    <div className="container page checkout">
      <h1>{s('checkoutHeading')}</h1>
      <p>
        <Link to={to(`/store/${branch.identifier}`)}>{branch.name}</Link>
      </p>
      <div ref={summary} tabIndex={-1} className="checkout__messages">
        {paymentFailed && (
          <p className="hint hint--error" role="alert">
            {text('paymentFailed')}
          </p>
        )}
        {errors.length > 0 && (
          <div className="hint hint--error" role="alert">
            <p>
              <strong>{s('errorsHeading')}</strong>
            </p>
            <ul>
              {errors.map((e, i) => {
                const named = errorFieldLabel(e.field, cart.items);
                return <li key={i}>{named ? `${named}: ${e.message}` : e.message}</li>;
              })}
            </ul>
          </div>
        )}
        <IntroMessages intro={intro} />
      </div>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy && label) void submit();
        }}
      >
        <Section title={s('orderType')}>
          <DeliveryMethodField id="checkout-method" branchIdentifier={branch.identifier} method={method} methods={methods} />
          {method === 'dineIn' && branch.isTableSelectionEnabled && (
            <div className={`field${fieldErrors('table').length ? ' field--error' : ''}`}>
              <label htmlFor="checkout-table">{text('tableNumber')}</label>
              <select
                id="checkout-table"
                value={form.table}
                aria-required="true"
                aria-invalid={fieldErrors('table').length > 0 || undefined}
                aria-describedby={fieldErrors('table').length ? 'checkout-table-error' : undefined}
                onChange={(e) => set('table', e.target.value)}
              >
                <option value="">–</option>
                {tables.map((t) => (
                  <option key={t.id} value={t.identifier}>
                    {t.name}
                  </option>
                ))}
              </select>
              <FieldMessages id="checkout-table-error" messages={fieldErrors('table')} />
            </div>
          )}
          {method === 'delivery' && (
            <div className={`field${fieldErrors('deliveryArea').length ? ' field--error' : ''}`}>
              <label htmlFor="checkout-area">
                {text('deliveryAreaLabel')}
                <span aria-hidden="true"> *</span>
              </label>
              <select
                id="checkout-area"
                value={area?.area ?? ''}
                aria-required="true"
                aria-describedby={fieldErrors('deliveryArea').length ? 'checkout-area-error' : undefined}
                onChange={(e) => setDeliveryArea(branch.identifier, branch.deliveryAreas.find((a) => a.area === e.target.value) ?? null)}
              >
                {branch.deliveryAreas.map((a) => (
                  <option key={a.area} value={a.area}>
                    {a.area}
                  </option>
                ))}
              </select>
              <FieldMessages id="checkout-area-error" messages={fieldErrors('deliveryArea')} />
            </div>
          )}
        </Section>

        <Section title={s('contactDetails')}>
          <div className="grid-2">
            {input('firstName', s('firstName'), { required: required.has('firstName'), autoComplete: 'given-name' })}
            {input('lastName', s('lastName'), { required: required.has('lastName'), autoComplete: 'family-name' })}
            {input('email', s('email'), { type: 'email', required: required.has('email'), autoComplete: 'email' })}
            <div className={`field${fieldErrors('phone').length || phoneHint ? ' field--error' : ''}`}>
              <label htmlFor="checkout-phone">
                {s('phone')}
                {required.has('phone') && <span aria-hidden="true"> *</span>}
              </label>
              <input
                id="checkout-phone"
                type="tel"
                autoComplete="tel"
                placeholder={PHONE_EXAMPLE}
                value={form.phone}
                aria-required={required.has('phone') || undefined}
                aria-invalid={fieldErrors('phone').length > 0 || Boolean(phoneHint) || undefined}
                aria-describedby="checkout-phone-error"
                onChange={(e) => set('phone', filterPhoneInput(e.target.value))}
                onBlur={(e) => set('phone', normalizePhone(e.target.value))}
              />
              <FieldMessages id="checkout-phone-error" messages={[...new Set([...(phoneHint ? [phoneHint] : []), ...fieldErrors('phone')])]} />
            </div>
          </div>
          <Checkbox id="checkout-isCompany" checked={form.isCompany} onChange={(v) => set('isCompany', v)}>
            {s('isCompany')}
          </Checkbox>
          {form.isCompany && (
            <div className="grid-2">
              {input('companyName', s('companyName'), { autoComplete: 'organization' })}
              {input('vatNumber', s('vatNumber'))}
            </div>
          )}
        </Section>

        <Section title={s('address')}>
          <div className="grid-2">
            {input('street', s('street'), { required: required.has('street'), autoComplete: 'street-address' })}
            <div className="grid-3">
              {input('floor', s('floor'))}
              {input('stairway', s('stairway'))}
              {input('door', s('door'))}
            </div>
            {input('zipCode', s('zipCode'), { required: required.has('zipCode'), autoComplete: 'postal-code' })}
            {input('city', s('city'), { required: required.has('city'), autoComplete: 'address-level2' })}
            <CountrySelect id="checkout-country" label={s('country')} required={required.has('country')} value={form.country} onChange={(v) => set('country', v)} />
          </div>
          {method === 'delivery' && (
            <>
              <Checkbox id="checkout-isDeliveryAddressDifferent" checked={form.isDeliveryAddressDifferent} onChange={(v) => set('isDeliveryAddressDifferent', v)}>
                {s('isDeliveryAddressDifferent')}
              </Checkbox>
              {form.isDeliveryAddressDifferent && (
                <fieldset className="subsection">
                  <legend>{s('deliveryAddress')}</legend>
                  <Checkbox id="checkout-isDeliveryCompany" checked={form.isDeliveryCompany} onChange={(v) => set('isDeliveryCompany', v)}>
                    {s('isDeliveryCompany')}
                  </Checkbox>
                  <div className="grid-2">
                    {form.isDeliveryCompany && input('deliveryCompanyName', s('companyName'))}
                    {input('deliveryFirstName', s('firstName'))}
                    {input('deliveryLastName', s('lastName'))}
                    {input('deliveryStreet', s('street'))}
                    <div className="grid-3">
                      {input('deliveryFloor', s('floor'))}
                      {input('deliveryStairway', s('stairway'))}
                      {input('deliveryDoor', s('door'))}
                    </div>
                    {input('deliveryZipCode', s('zipCode'))}
                    {input('deliveryCity', s('city'))}
                    <CountrySelect id="checkout-deliveryCountry" label={s('country')} value={form.deliveryCountry} onChange={(v) => set('deliveryCountry', v)} />
                  </div>
                </fieldset>
              )}
            </>
          )}
        </Section>

        <Section title={s('appointment')}>
          <div className={`appointment${fieldErrors('appointmentDate').length ? ' field--error' : ''}`}>
            <p aria-live="polite" id="appointment-value">
              {appointment ? `${formatDate(appointment, timeZone)} ${time}` : branch.isAppointmentRequired ? '–' : s('appointmentAsap')}
            </p>
            <div className="actions">
              <button type="button" className="button button--secondary" onClick={() => setPicker('date')} aria-describedby="appointment-value">
                {s('chooseDate')}
              </button>
              <button type="button" className="button button--secondary" disabled={!date} onClick={() => setPicker('time')} aria-describedby="appointment-value">
                {s('chooseTime')}
              </button>
            </div>
            <FieldMessages
              id="checkout-appointment-error"
              messages={[...new Set([...(appointmentText && (appointment || errors.length) ? [appointmentText] : []), ...fieldErrors('appointmentDate')])]}
            />
          </div>
        </Section>

        <Section title={s('comment')}>
          <div className="field">
            <label htmlFor="checkout-comment">{s('comment')}</label>
            <textarea id="checkout-comment" rows={TEXTAREA_ROWS} value={cart.order.comment ?? ''} onChange={(e) => setOrderData(branch.identifier, { comment: e.target.value })} />
          </div>
        </Section>

        <Section title={s('summary')}>
          <ul className="summary">
            {cart.items.map((item, i) => (
              <li key={i}>
                <div className="summary__line">
                  <span>
                    {formatQuantityNumber(item.amount)} {unitShortName(item.unit)} {item.product.name}
                  </span>
                  <span>{formatPrice(linePrice(item), currency)}</span>
                </div>
                {partsSummary(item.product, item.parts).map((p) => (
                  <p key={p} className="cart-item__part">
                    {p}
                  </p>
                ))}
                <FieldMessages id={`item-${i}-error`} messages={errors.filter((e) => e.field?.startsWith(`items.${i}.`)).map((e) => e.message)} />
              </li>
            ))}
          </ul>
          <CostLines method={method} pricing={pricing} currency={currency} />
          <MinimumOrderHint message={minimum.message} />
        </Section>

        {config.enablePluginDonations && (
          <Section title={s('donation')}>
            <p>{s('donationIntro', { amount: formatPrice(DONATION_AMOUNT, currency) })}</p>
            <p aria-live="polite">{chosenDonatee ? chosenDonatee.name : s('withoutDonatee')}</p>
            <button type="button" className="button button--secondary" onClick={() => setDonateeOpen(true)}>
              {chosenDonatee ? s('changeDonatee') : s('chooseDonatee')}
            </button>
          </Section>
        )}

        <fieldset className="section">
          <legend>
            <h2>{s('payment')}</h2>
          </legend>
          <div className="payments">
            {payments.map((p) => (
              <label key={p} className="option option--check" htmlFor={`payment-${p}`}>
                <input id={`payment-${p}`} type="radio" name="paymentMethod" value={p} checked={paymentMethod === p} onChange={() => set('paymentMethod', p)} />
                <span>{paymentLabel(p)}</span>
              </label>
            ))}
          </div>
          <FieldMessages id="checkout-payment-error" messages={fieldErrors('paymentMethod')} />
        </fieldset>

        <Section title={s('termsTitle')} hiddenTitle>
          <LegalCheckbox
            id="legalInstructions"
            checked={form.legalInstructions}
            onChange={(v) => set('legalInstructions', v)}
            errors={fieldErrors('legalInstructions')}
            before={s('acceptTermsBefore')}
            link={s('acceptTermsLink')}
            after="."
            config={config}
            kind="terms"
            onOpen={() => setLegal('terms')}
          />
          <LegalCheckbox
            id="privacyPolicy"
            checked={form.privacyPolicy}
            onChange={(v) => set('privacyPolicy', v)}
            errors={fieldErrors('privacyPolicy')}
            before={s('acceptPrivacyBefore')}
            link={s('acceptPrivacyLink')}
            after={s('acceptPrivacyAfter')}
            config={config}
            kind="privacy"
            onOpen={() => setLegal('privacy')}
          />
        </Section>

        <div className="actions actions--end">
          <Link className="button button--secondary" to={to(`/store/${branch.identifier}`)}>
            {text('back')}
          </Link>
          {label && (
            <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
              {busy ? text('processing') : label}
            </button>
          )}
        </div>
      </form>

      {picker === 'date' && (
        <DatePicker
          slots={slots}
          timeZone={timeZone}
          today={localDate(now, timeZone)}
          value={date}
          onCancel={() => setPicker(null)}
          onClear={() => {
            setAppointment(null, null);
            setPicker(null);
          }}
          onSave={(d) => {
            const daySlots = slots.filter((x) => localDate(x, timeZone) === d);
            const keep = time && daySlots.some((x) => formatMinutes(zonedParts(x, timeZone).minutes) === time);
            setAppointment(d, keep ? time : daySlots[0] ? formatMinutes(zonedParts(daySlots[0], timeZone).minutes) : null);
            setPicker(null);
          }}
        />
      )}
      {picker === 'time' && date && (
        <TimePicker
          slots={slots}
          timeZone={timeZone}
          date={date}
          value={time}
          onCancel={() => setPicker(null)}
          onSave={(t) => {
            setAppointment(date, t);
            setPicker(null);
          }}
        />
      )}
      {legal && (
        <Dialog title={legal === 'terms' ? s('termsTitle') : s('privacyTitle')} onClose={() => setLegal(null)} className="legal">
          <Markdown source={(legal === 'terms' ? config.termsAndConditionsText : config.privacyPolicyText) ?? ''} />
        </Dialog>
      )}
      {donateeOpen && (
        <DonateeChooser
          onLoaded={setLoadedDonatees}
          chosen={form.donatee}
          onChoose={(id) => {
            set('donatee', id);
            setDonateeOpen(false);
          }}
          onClose={() => setDonateeOpen(false)}
        />
      )}
    </div>
  );
}

/** Labels of the form's fields (the delivery address's fields are these with the 'delivery' prefix). */
const FIELD_LABELS: Partial<Record<string, StorefrontTextKey>> = {
  firstName: 'firstName', lastName: 'lastName', email: 'email', phone: 'phone', companyName: 'companyName', vatNumber: 'vatNumber',
  street: 'street', floor: 'floor', stairway: 'stairway', door: 'door', zipCode: 'zipCode', city: 'city', country: 'country',
  appointmentDate: 'appointment', comment: 'comment', paymentMethod: 'payment', legalInstructions: 'termsTitle', privacyPolicy: 'privacyTitle', donatee: 'donation',
};

/**
 * The field a server error belongs to, as the summary at the top names it: several fields often get the same
 * message ('Dieser Wert sollte nicht leer sein.'), so a bare list of messages would not say what to fix.
 */
export function errorFieldLabel(field: string | null, items: readonly { product: { name: string } }[]): string | null {
  if (!field) return null;
  const item = /^items\.(\d+)(\.|$)/.exec(field);
  if (item) return items[Number(item[1])]?.product.name ?? null;
  if (field === 'deliveryArea') return text('deliveryAreaLabel');
  if (field === 'table') return s('table');
  const key = FIELD_LABELS[field];
  if (key) return s(key);
  const delivery = /^delivery([A-Z]\w*)$/.exec(field);
  const inner = delivery ? FIELD_LABELS[delivery[1]!.charAt(0).toLowerCase() + delivery[1]!.slice(1)] : undefined;
  return inner ? `${s('deliveryAddress')} – ${s(inner)}` : null;
}

export function paymentLabel(method: PaymentMethod | string): string {
  switch (method) {
    case 'cash':
      return s('paymentCash');
    case 'atm-card':
      return s('paymentAtmCard');
    case 'hydro-ag-voucher':
      return s('paymentHydroAgVoucher');
    case 'mollie':
      return s('paymentMollie');
    case 'datatrans':
      return s('paymentDatatrans');
    default:
      return method;
  }
}

function Section({ title, children, hiddenTitle = false }: { title: string; children: ReactNode; hiddenTitle?: boolean }) {
  const id = `section-${title.replace(/\W+/g, '-')}`;
  return (
    <section className="section" aria-labelledby={id}>
      <h2 id={id} className={hiddenTitle ? 'visually-hidden' : undefined}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function FieldMessages({ id, messages }: { id: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <div id={id} className="field__error">
      {messages.map((m) => (
        <p key={m}>{m}</p>
      ))}
    </div>
  );
}

function Checkbox({ id, checked, onChange, children }: { id: string; checked: boolean; onChange: (v: boolean) => void; children: ReactNode }) {
  return (
    <div className="checkbox">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{children}</label>
    </div>
  );
}

function CountrySelect({ id, label, value, onChange, required = false }: { id: string; label: string; value: Country; onChange: (v: Country) => void; required?: boolean }) {
  const names = new Intl.DisplayNames(['de-AT'], { type: 'region' });
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <select id={id} value={value} aria-required={required || undefined} onChange={(e) => onChange(e.target.value as Country)}>
        {COUNTRY_CHOICES.map((c) => (
          <option key={c} value={c}>
            {names.of(c) ?? c}
          </option>
        ))}
      </select>
    </div>
  );
}

/** §2.7 "Two checkboxes, terms and privacy, with overlays rendering markdown text" (an external link when only a URL is configured). */
function LegalCheckbox(props: {
  id: 'legalInstructions' | 'privacyPolicy';
  checked: boolean;
  onChange: (v: boolean) => void;
  errors: string[];
  before: string;
  link: string;
  after: string;
  config: Config;
  kind: 'terms' | 'privacy';
  onOpen: () => void;
}) {
  const { config, kind } = props;
  const legal = legalLink(config, kind === 'terms' ? 'termsAndConditions' : 'privacyPolicy');
  const id = `checkout-${props.id}`;
  return (
    <div className={`checkbox${props.errors.length ? ' field--error' : ''}`}>
      <input
        id={id}
        type="checkbox"
        checked={props.checked}
        aria-required="true"
        aria-invalid={props.errors.length > 0 || undefined}
        aria-describedby={props.errors.length ? `${id}-error` : undefined}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <label htmlFor={id}>
        {props.before}
        {legal && 'external' in legal ? (
          <a href={legal.external} target="_blank" rel="noopener noreferrer">
            {props.link}
          </a>
        ) : (
          props.link
        )}
        {props.after} <span aria-hidden="true">*</span>
      </label>
      {legal && 'internal' in legal && (
        <button type="button" className="link-button checkbox__more" onClick={props.onOpen}>
          {props.link}
        </button>
      )}
      <FieldMessages id={`${id}-error`} messages={props.errors} />
    </div>
  );
}

/** §2.7 "Optional donation recipient chooser (overlay with search)", §5 donatee search, §8 'Keine passende Organisation gefunden.' */
function DonateeChooser({
  onLoaded, chosen, onChoose, onClose,
}: {
  onLoaded: (donatees: Donatee[]) => void;
  chosen: number | null;
  onChoose: (id: number | null) => void;
  onClose: () => void;
}) {
  const [donatees, setDonatees] = useState<Donatee[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    apiFetch<Donatee[]>('/api/donatees').then(
      (list) => {
        // staff sessions also receive disabled entries: only enabled ones are offered
        const enabled = list.filter((d) => d.isEnabled);
        if (!live) return;
        setDonatees(enabled);
        onLoaded(enabled);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <Dialog title={s('chooseDonatee')} onClose={onClose}>
      {donatees ? (
        <DonateeList donatees={donatees} chosen={chosen} onChoose={onChoose} />
      ) : failed ? (
        <p role="alert">{text('unknownError')}</p>
      ) : (
        <p role="status">{s('loading')}</p>
      )}
      <div className="actions">
        <button type="button" className="button button--secondary" onClick={() => onChoose(null)}>
          {s('withoutDonatee')}
        </button>
      </div>
    </Dialog>
  );
}

/** The loaded donatees with the §5 search (focus moves to the search field once they are there). */
function DonateeList({ donatees, chosen, onChoose }: { donatees: Donatee[]; chosen: number | null; onChoose: (id: number) => void }) {
  const [term, setTerm] = useState('');
  const search = useRef<HTMLInputElement>(null);
  useEffect(() => search.current?.focus(), []);
  const found = searchDonatees(donatees, term);
  return (
    <>
      <div className="field">
        <label htmlFor="donatee-search">{s('donateeSearch')}</label>
        <input id="donatee-search" type="search" value={term} onChange={(e) => setTerm(e.target.value)} ref={search} />
      </div>
      <p className="visually-hidden" role="status">
        {found.length === 0 ? text('noDonatee') : ''}
      </p>
      {found.length === 0 ? (
        <p>{text('noDonatee')}</p>
      ) : (
        <ul className="donatees">
          {found.map((d) => (
            <li key={d.id}>
              <button type="button" className="donatee" aria-pressed={chosen === d.id} onClick={() => onChoose(d.id)}>
                <strong>{d.name}</strong>
                {d.description && <span>{d.description}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
