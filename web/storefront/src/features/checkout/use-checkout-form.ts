import { availablePaymentMethods, initialPaymentMethod, text } from '@shop/domain';
import type { Config, FieldError, OrderForm, OrderInput, PaymentMethod, PublicOrder } from '@shop/contracts';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { mutate } from 'swr';
import { api, ApiError, apiUrl } from '../../api/client';
import { solveOrderChallenge } from './altcha';
import { useLinkTo } from '../../app/context';
import { clearCart } from '../../state/cart-store';
import { readSession, writeSession } from '../../state/storage';
import type { BranchOrder } from '../store/use-branch-order';
import { answerErrors, clientRuleErrors, uniqueErrors } from './checkout-errors';
import { orderResolver } from './checkout-schema';
import { EMPTY_FORM, orderPayload, type CheckoutValues } from './checkout-values';
import { track } from '@shop/web-shared';

const FORM_NAME = 'Bestellung';

const draftKey = (branch: string) => `checkout:${branch}`;

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

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** POST /api/orders under one Idempotency-Key; when the gateway asks for a proof-of-work, solved and sent again. */
async function placeOrder(payload: OrderInput, idempotencyKey: string): Promise<PublicOrder> {
  const place = (altcha?: string) =>
    api.post('/api/orders', payload, {
      headers: { 'Idempotency-Key': idempotencyKey, ...(altcha ? { 'X-Altcha': altcha } : {}) },
    });
  try {
    return await place();
  } catch (err) {
    // many orders from here lately: the gateway wants a solved proof-of-work first (done here, unseen)
    if (!(err instanceof ApiError && err.code === 'CHALLENGE_REQUIRED')) throw err;
    const solution = await solveOrderChallenge();
    if (!solution) throw err;
    return place(solution);
  }
}

/** The form of this branch, its values started from the branch's draft; the draft kept on every change. */
function useCheckoutDraft(context: CheckoutContext) {
  const identifier = context.order.branch.identifier;
  const [defaultValues] = useState<CheckoutValues>(() => ({
    ...EMPTY_FORM,
    ...(readSession<Partial<CheckoutValues>>(draftKey(identifier)) ?? {}),
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

  useEffect(() => {
    track('event', 'Checkout start', 'checkout', { branch: identifier });
  }, [identifier]);

  // the draft: every change, never the consent boxes
  useEffect(() => {
    const save = (values: Partial<CheckoutValues>) =>
      writeSession(draftKey(identifier), { ...values, legalInstructions: false, privacyPolicy: false });
    save(form.getValues());
    // eslint-disable-next-line react-hooks/incompatible-library -- watch subscribes inside an effect and is unsubscribed with it; nothing is memoised from it
    const subscription = form.watch((values) => save(values as Partial<CheckoutValues>));
    return () => subscription.unsubscribe();
  }, [form, identifier]);
  return form;
}

/** Where a placed order goes: the payment provider's page, else (cart and draft cleared) its status page. */
function useShowPlaced(order: BranchOrder) {
  const navigate = useNavigate();
  const to = useLinkTo();
  const identifier = order.branch.identifier;
  return (created: PublicOrder) => {
    if (created.paymentRedirectUrl) {
      window.location.assign(created.paymentRedirectUrl);
      return;
    }
    clearCart(identifier);
    writeSession(draftKey(identifier), null);
    void mutate(apiUrl('/api/orders/public/{uid}/{hash}', { uid: created.uid, hash: created.hash }), created, {
      revalidate: false,
    });
    navigate(to(`/status/${created.uid}/${created.hash}`));
  };
}

/**
 * A field the last answer named is checked again as soon as it changes (react-hook-form's trigger on that field
 * with the checkout's resolver): its messages become the browser's rules' verdict on the new value (a valid phone
 * number: none); the server's messages about the old value go (issue 43: 'Bitte akzeptieren Sie diese
 * Bedingungen.' stayed beside a ticked box). The next submit asks the server again.
 */
function useRevalidateOnChange(
  form: UseFormReturn<CheckoutValues, CheckoutContext, OrderForm>,
  errors: FieldError[],
  setErrors: (update: (current: FieldError[]) => FieldError[]) => void,
) {
  const named = useRef(errors);
  useEffect(() => {
    named.current = errors;
  }, [errors]);
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      if (!name || !named.current.some((e) => e.field === name)) return;
      void form.trigger(name).then(() => {
        const verdict = clientRuleErrors({ [name]: form.getFieldState(name).error }, [name]);
        setErrors((current) => {
          const at = current.findIndex((e) => e.field === name);
          if (at < 0) return current;
          const others = current.filter((e) => e.field !== name);
          return [...others.slice(0, at), ...verdict, ...others.slice(at)];
        });
      });
    });
    return () => subscription.unsubscribe();
  }, [form, setErrors]);
}

/**
 * The submission: one Idempotency-Key per attempt, the form analytics events, the order sent even when the
 * browser's own rules fail (the server's German answer names every other field in the same round; the summary
 * merges both without repeating a message), then the payment page or the status page.
 */
function useOrderSubmission(form: UseFormReturn<CheckoutValues, CheckoutContext, OrderForm>, context: CheckoutContext) {
  const { order } = context;
  const showPlaced = useShowPlaced(order);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const idempotencyKey = useRef(newKey());
  const summaryRef = useRef<HTMLDivElement>(null);

  useRevalidateOnChange(form, errors, setErrors);

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
      const created = await placeOrder(orderPayload(order, form.getValues(), paymentMethod), idempotencyKey.current);
      track('form', `Submission Successful: ${FORM_NAME}`, 'form');
      const { branch, pricing } = order;
      track('event', 'Order placed', 'checkout', {
        branch: branch.identifier,
        total: pricing.totalGross,
        paymentMethod,
      });
      showPlaced(created);
    } catch (err) {
      track('form', `Submission Failed: ${FORM_NAME}`, 'form');
      fail(uniqueErrors([...local, ...answerErrors(err)]));
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
  return { errors, busy, submit, summaryRef };
}

/**
 * The checkout form (§2.7, §4 "checkout flow") on react-hook-form with zodResolver: values typed from OrderInput,
 * a draft per branch in sessionStorage (without the two consent boxes), and the submission of
 * {@link useOrderSubmission}.
 */
export function useCheckoutForm(order: BranchOrder, config: Config) {
  const payments = availablePaymentMethods(config, order.branch);
  const context: CheckoutContext = { order, payments };
  const form = useCheckoutDraft(context);
  const { errors, busy, submit, summaryRef } = useOrderSubmission(form, context);
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
