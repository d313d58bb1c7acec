import { availablePaymentMethods, DEFAULT_COUNTRY, initialPaymentMethod, normalizePhone, text } from '@shop/domain';
import type { Config, FieldError, OrderForm, OrderInput, PaymentMethod } from '@shop/contracts';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { mutate } from 'swr';
import { api, ApiError, apiUrl } from '../../api/client';
import { solveOrderChallenge } from './altcha';
import { useLinkTo } from '../../app/context';
import { clearCart } from '../../state/cart-store';
import { readSession, writeSession } from '../../state/storage';
import { partsPayload } from '../store/parts';
import type { BranchOrder } from '../store/use-branch-order';
import { orderResolver } from './checkout-schema';
import { track } from '@shop/web-shared';

const FORM_NAME = 'Bestellung';

/* ------------------------------------------------------------ the form's values */

/** Names of the order input (libs/contracts OrderInput): a field renamed there no longer compiles here. */
type OrderField<K extends keyof OrderInput> = K;
type TextField = OrderField<
  | 'companyName'
  | 'vatNumber'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'street'
  | 'floor'
  | 'stairway'
  | 'door'
  | 'zipCode'
  | 'city'
  | 'deliveryCompanyName'
  | 'deliveryFirstName'
  | 'deliveryLastName'
  | 'deliveryStreet'
  | 'deliveryFloor'
  | 'deliveryStairway'
  | 'deliveryDoor'
  | 'deliveryZipCode'
  | 'deliveryCity'
  | 'table'
>;
type FlagField = OrderField<
  'isCompany' | 'isDeliveryAddressDifferent' | 'isDeliveryCompany' | 'legalInstructions' | 'privacyPolicy'
>;

/**
 * What the customer fills in: the order input's own fields, as inputs hold them (text as strings, '' for empty).
 * The rest of the order (branch, delivery flags, items, delivery area, comment, appointment) lives in the
 * branch's cart and joins the form in {@link orderPayload}.
 */
export type CheckoutValues = Record<TextField, string> & { [K in FlagField]-?: NonNullable<OrderInput[K]> } & {
  country: NonNullable<OrderInput['country']>;
  deliveryCountry: NonNullable<OrderInput['deliveryCountry']>;
  /** null: not chosen yet (the branch's default applies) */
  paymentMethod: NonNullable<OrderInput['paymentMethod']> | null;
  donatee: Exclude<OrderInput['donatee'], undefined>;
};
export type CheckoutField = keyof CheckoutValues;

export const EMPTY_FORM: CheckoutValues = {
  isCompany: false,
  companyName: '',
  vatNumber: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  street: '',
  floor: '',
  stairway: '',
  door: '',
  zipCode: '',
  city: '',
  country: DEFAULT_COUNTRY,
  isDeliveryAddressDifferent: false,
  isDeliveryCompany: false,
  deliveryCompanyName: '',
  deliveryFirstName: '',
  deliveryLastName: '',
  deliveryStreet: '',
  deliveryFloor: '',
  deliveryStairway: '',
  deliveryDoor: '',
  deliveryZipCode: '',
  deliveryCity: '',
  deliveryCountry: DEFAULT_COUNTRY,
  paymentMethod: null,
  legalInstructions: false,
  privacyPolicy: false,
  table: '',
  donatee: null,
};

const draftKey = (branch: string) => `checkout:${branch}`;
const nullable = (v: string) => (v.trim() === '' ? null : v.trim());

/** The order payload of §7 "Create order": the form fields plus isDelivery, isDineIn, items and branch. */
export function orderPayload(
  order: BranchOrder,
  form: CheckoutValues,
  paymentMethod: PaymentMethod | undefined,
): OrderInput {
  const { branch, cart, method, area } = order;
  const delivery = method === 'delivery';
  const differentAddress = delivery && form.isDeliveryAddressDifferent;
  return {
    branch: branch.id,
    isDelivery: method === 'delivery',
    isDineIn: method === 'dineIn',
    items: cart.items.map((i) => ({
      product: i.product.id,
      amount: i.amount,
      unit: i.unit,
      parts: partsPayload(i.parts),
    })),
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

/* ------------------------------------------------------------ checking */

/** The fields the browser's own rules speak for (checkout-rules.ts), in the order the summary names them. */
const CLIENT_RULE_FIELDS = ['appointmentDate', 'phone'] as const satisfies readonly (keyof OrderInput)[];

interface CheckoutContext {
  order: BranchOrder;
  payments: PaymentMethod[];
}

/** The payment method in force: the customer's choice if offered, else the branch's default (§2.7). */
function chosenPayment(
  { order, payments }: CheckoutContext,
  values: Pick<CheckoutValues, 'paymentMethod'>,
): PaymentMethod | null {
  return initialPaymentMethod(payments, order.branch, values.paymentMethod);
}

/**
 * zodResolver(OrderInput + the browser's rules) applied to the whole order: the form's values joined with the
 * cart. Its errors carry the order input's paths ('phone', 'appointmentDate', 'items.0.parts'), which are the
 * form's field names where the form has the field.
 */
const checkoutResolver: Resolver<CheckoutValues, CheckoutContext, OrderForm> = (values, context, options) => {
  // useForm always gets the checkout's context (see below); react-hook-form's type leaves it optional
  const ctx = context as CheckoutContext;
  const payload = orderPayload(ctx.order, values, chosenPayment(ctx, values) ?? undefined);
  const resolve = orderResolver(ctx.order) as unknown as Resolver<CheckoutValues, CheckoutContext, OrderForm>;
  return resolve(payload as unknown as CheckoutValues, context, options);
};

/**
 * The browser's rules' messages among the resolver's errors (zod's `custom` issues at their fields; every issue of a
 * field is kept, criteriaMode 'all'). The contract's own checks are left to the server, which words them in German
 * in the same answer.
 */
function clientRuleErrors(errors: FieldErrors<CheckoutValues>): FieldError[] {
  const byPath = errors as Partial<
    Record<(typeof CLIENT_RULE_FIELDS)[number], { types?: Record<string, string | string[] | boolean | undefined> }>
  >;
  return CLIENT_RULE_FIELDS.flatMap((field) => {
    const custom = byPath[field]?.types?.custom;
    return (Array.isArray(custom) ? custom : typeof custom === 'string' ? [custom] : []).map((message) => ({
      field,
      message,
    }));
  });
}

/**
 * Each (field, message) once, at its last place (the server's answer comes last and keeps its order): the
 * browser's rules and the server often say the same, and the server itself may name one field twice with one
 * message (a closed branch's missing appointment is both 'required now' and 'required by the branch').
 */
export function uniqueErrors(list: readonly FieldError[]): FieldError[] {
  const key = (e: FieldError) => JSON.stringify([e.field, e.message]);
  const last = new Map(list.map((e, i) => [key(e), i]));
  return list.filter((e, i) => last.get(key(e)) === i);
}

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/* ------------------------------------------------------------ the hook */

/**
 * The checkout form (§2.7, §4 "checkout flow") on react-hook-form with zodResolver: values typed from OrderInput,
 * a draft per branch in sessionStorage (without the two consent boxes), and the submission: one Idempotency-Key
 * per attempt, the form analytics events, the order sent even when the browser's own rules fail (the server's
 * German answer names every other field in the same round; the summary merges both without repeating a message),
 * then the payment page or the status page.
 */
export function useCheckoutForm(order: BranchOrder, config: Config) {
  const { branch, pricing } = order;
  const navigate = useNavigate();
  const to = useLinkTo();
  const payments = availablePaymentMethods(config, branch);
  const context: CheckoutContext = { order, payments };
  const [defaultValues] = useState<CheckoutValues>(() => ({
    ...EMPTY_FORM,
    ...(readSession<Partial<CheckoutValues>>(draftKey(branch.identifier)) ?? {}),
  }));
  const form = useForm<CheckoutValues, CheckoutContext, OrderForm>({
    defaultValues,
    resolver: checkoutResolver,
    context,
    // every issue of a field, so that a rule's message is found beside a contract check of the same field
    criteriaMode: 'all',
    // the summary at the top takes the focus, not the first field; server answers replace it on the next submit
    shouldFocusError: false,
    reValidateMode: 'onSubmit',
  });
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const idempotencyKey = useRef(newKey());
  const summaryRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    track('event', 'Checkout start', 'checkout', { branch: branch.identifier });
  }, [branch.identifier]);

  // the draft: every change, never the consent boxes
  useEffect(() => {
    const save = (values: Partial<CheckoutValues>) =>
      writeSession(draftKey(branch.identifier), { ...values, legalInstructions: false, privacyPolicy: false });
    save(form.getValues());
    // eslint-disable-next-line react-hooks/incompatible-library -- watch subscribes inside an effect and is unsubscribed with it; nothing is memoised from it
    const subscription = form.watch((values) => save(values as Partial<CheckoutValues>));
    return () => subscription.unsubscribe();
  }, [form, branch.identifier]);

  function fail(list: FieldError[]) {
    setErrors(list);
    idempotencyKey.current = newKey();
    window.scrollTo({ top: 0, behavior: 'smooth' });
    setTimeout(() => summaryRef.current?.focus({ preventScroll: true }), 0);
  }

  async function send(local: FieldError[]) {
    const paymentMethod = chosenPayment(context, form.getValues());
    if (!paymentMethod) {
      track('form', `Validation Failed: ${FORM_NAME}`, 'form');
      return fail([{ field: 'paymentMethod', message: text('unknownError') }]);
    }
    if (local.length > 0) track('form', `Validation Failed: ${FORM_NAME}`, 'form');
    setBusy(true);
    try {
      const payload = orderPayload(order, form.getValues(), paymentMethod);
      const place = (altcha?: string) =>
        api.post('/api/orders', payload, {
          headers: { 'Idempotency-Key': idempotencyKey.current, ...(altcha ? { 'X-Altcha': altcha } : {}) },
        });
      let created;
      try {
        created = await place();
      } catch (err) {
        // many orders from here lately: the gateway wants a solved proof-of-work first (done here, unseen)
        if (!(err instanceof ApiError && err.code === 'CHALLENGE_REQUIRED')) throw err;
        const solution = await solveOrderChallenge();
        if (!solution) throw err;
        created = await place(solution);
      }
      track('form', `Submission Successful: ${FORM_NAME}`, 'form');
      track('event', 'Order placed', 'checkout', {
        branch: branch.identifier,
        total: pricing.totalGross,
        paymentMethod,
      });
      if (created.paymentRedirectUrl) {
        window.location.assign(created.paymentRedirectUrl);
        return;
      }
      clearCart(branch.identifier);
      writeSession(draftKey(branch.identifier), null);
      void mutate(apiUrl('/api/orders/public/{uid}/{hash}', { uid: created.uid, hash: created.hash }), created, {
        revalidate: false,
      });
      navigate(to(`/status/${created.uid}/${created.hash}`));
    } catch (err) {
      track('form', `Submission Failed: ${FORM_NAME}`, 'form');
      const list =
        err instanceof ApiError && (err.errors.length > 0 || err.message)
          ? err.errors.length > 0
            ? err.errors
            : [{ field: null, message: err.message }]
          : [];
      const answer = list.length > 0 ? list : [{ field: null, message: text('unknownError') }];
      fail(uniqueErrors([...local, ...answer]));
      setBusy(false);
    }
  }

  /** Submits: the checked order goes out; so does one the browser's rules object to, with their messages. */
  const submit = () => {
    track('form', `Submit: ${FORM_NAME}`, 'form');
    void form.handleSubmit(
      () => send([]),
      (invalid) => send(clientRuleErrors(invalid)),
    )();
  };

  const chosen = useWatch({ control: form.control, name: 'paymentMethod' });
  const fieldErrors = (field: string) => errors.filter((e) => e.field === field).map((e) => e.message);
  return {
    form,
    errors,
    fieldErrors,
    busy,
    submit,
    summaryRef,
    payments,
    paymentMethod: chosenPayment(context, { paymentMethod: chosen }),
  };
}
