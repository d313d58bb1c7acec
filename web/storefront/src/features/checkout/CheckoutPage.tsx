import { introMessages, pageTitle, requiredCheckoutFields, shopDescription, text } from '@shop/domain';
import type { Donatee, FieldError } from '@shop/contracts';
import type { StorefrontTextKey } from '@shop/i18n-de';
import { useEffect, useState, type RefObject } from 'react';
import { FormProvider } from 'react-hook-form';
import { Link, useParams } from 'react-router-dom';
import { useData } from '../../api/init';
import { useLinkTo } from '../../app/context';
import { usePageMeta } from '../../layout/meta';
import { selectBranch } from '../../state/selected-branch';
import { s } from './texts';
import { NotFound } from '../site/NotFound';
import { IntroMessages } from '../store/IntroMessages';
import { RemovedItemsNotice } from '../store/RemovedItemsNotice';
import { useBranch, useBranchOrder, type BranchOrder } from '../store/use-branch-order';
import { AddressSection } from './AddressSection';
import { AppointmentPickers, AppointmentSection, type AppointmentPicker } from './AppointmentSection';
import { CommentSection } from './CommentSection';
import { ContactSection } from './ContactSection';
import { DonateeChooser, DonationSection } from './DonationSection';
import { LegalDialog, LegalSection, type LegalText } from './LegalSection';
import { OrderTypeSection } from './OrderTypeSection';
import { PaymentSection } from './PaymentSection';
import { SummarySection } from './SummarySection';
import { useCheckoutForm } from './use-checkout-form';

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

function CheckoutWithBranch({
  branch,
  paymentFailed,
}: {
  branch: NonNullable<ReturnType<typeof useBranch>>;
  paymentFailed: boolean;
}) {
  const order = useBranchOrder(branch);
  return <CheckoutForm order={order} paymentFailed={paymentFailed} />;
}

/**
 * §2.7 checkout: one component per section on the form of {@link useCheckoutForm}; the summary of the last answer
 * at the top (each message named by its field), the overlays (date, time, legal texts, donatees) after the form.
 */
function CheckoutForm({ order, paymentFailed }: { order: BranchOrder; paymentFailed: boolean }) {
  const data = useData();
  const { config } = data;
  const { branch, cart, method, label } = order;
  const to = useLinkTo();
  usePageMeta({
    title: pageTitle(config, s('checkoutHeading')),
    description: branch.description || shopDescription(config),
  });
  const { form, errors, fieldErrors, busy, submit, summaryRef, payments, paymentMethod } = useCheckoutForm(
    order,
    config,
  );
  const [picker, setPicker] = useState<AppointmentPicker>(null);
  const [legal, setLegal] = useState<LegalText>(null);
  const [donateeOpen, setDonateeOpen] = useState(false);
  // §7 "load all donatees (when the donation chooser opens)": the chooser's list, else the start-up batch's
  const [loadedDonatees, setLoadedDonatees] = useState<Donatee[] | null>(null);
  const timeZone = branch.timezone || config.timezone;
  const required = new Set<string>(requiredCheckoutFields(branch, method));

  if (cart.items.length === 0) return <EmptyCheckout order={order} />;

  return (
    <FormProvider {...form}>
      <div className="container page checkout">
        <h1>{s('checkoutHeading')}</h1>
        <p>
          <Link to={to(`/store/${branch.identifier}`)}>{branch.name}</Link>
        </p>
        <CheckoutMessages order={order} errors={errors} paymentFailed={paymentFailed} summaryRef={summaryRef} />
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!busy && label) submit();
          }}
        >
          <OrderTypeSection order={order} fieldErrors={fieldErrors} />
          <ContactSection required={required} fieldErrors={fieldErrors} />
          <AddressSection method={method} required={required} fieldErrors={fieldErrors} />
          <AppointmentSection
            order={order}
            timeZone={timeZone}
            submitted={errors.length > 0}
            fieldErrors={fieldErrors}
            onPick={setPicker}
          />
          <CommentSection order={order} />
          <SummarySection order={order} errors={errors} />
          {config.enablePluginDonations && (
            <DonationSection
              donatees={loadedDonatees ?? data.donatees}
              currency={order.currency}
              onOpen={() => setDonateeOpen(true)}
            />
          )}
          <PaymentSection payments={payments} paymentMethod={paymentMethod} fieldErrors={fieldErrors} />
          <LegalSection config={config} fieldErrors={fieldErrors} onOpen={setLegal} />

          <div className="actions actions--end">
            <Link className="button button--secondary" to={to(`/store/${branch.identifier}`)}>
              {text('back')}
            </Link>
            {label && <SubmitButton label={label} busy={busy} />}
          </div>
        </form>

        <AppointmentPickers order={order} timeZone={timeZone} picker={picker} onClose={() => setPicker(null)} />
        <LegalDialog config={config} text={legal} onClose={() => setLegal(null)} />
        {donateeOpen && <DonateeChooser onLoaded={setLoadedDonatees} onClose={() => setDonateeOpen(false)} />}
      </div>
    </FormProvider>
  );
}

/** The checkout of an empty cart: what was removed from it, and the way back to the branch. */
function EmptyCheckout({ order }: { order: BranchOrder }) {
  const { branch, cart } = order;
  const to = useLinkTo();
  return (
    <div className="container page page--center">
      <h1>{s('checkoutHeading')}</h1>
      <RemovedItemsNotice branchIdentifier={branch.identifier} removed={cart.removed} />
      <p>{text('checkoutCartEmpty')}</p>
      <Link className="button" to={to(`/store/${branch.identifier}`)}>
        {s('backToBranch')}
      </Link>
    </div>
  );
}

/** The messages above the form; the summary of the last answer takes the focus after a failed submit. */
function CheckoutMessages({
  order,
  errors,
  paymentFailed,
  summaryRef,
}: {
  order: BranchOrder;
  errors: FieldError[];
  paymentFailed: boolean;
  summaryRef: RefObject<HTMLDivElement | null>;
}) {
  const { branch, cart, status, method } = order;
  const intro = introMessages({ branch, status, context: 'checkout', deliveryMethod: method });
  return (
    <div ref={summaryRef} tabIndex={-1} className="checkout__messages">
      {paymentFailed && (
        <p className="hint hint--error" role="alert">
          {text('paymentFailed')}
        </p>
      )}
      <ErrorSummary errors={errors} items={cart.items} />
      <RemovedItemsNotice branchIdentifier={branch.identifier} removed={cart.removed} />
      <IntroMessages intro={intro} />
    </div>
  );
}

/** The last answer's messages, each named by its field. */
function ErrorSummary({ errors, items }: { errors: FieldError[]; items: BranchOrder['cart']['items'] }) {
  if (errors.length === 0) return null;
  return (
    <div className="hint hint--error" role="alert">
      <p>
        <strong>{s('errorsHeading')}</strong>
      </p>
      <ul>
        {errors.map((e, i) => {
          const named = errorFieldLabel(e.field, items);
          return <li key={i}>{named ? `${named}: ${e.message}` : e.message}</li>;
        })}
      </ul>
    </div>
  );
}

function SubmitButton({ label, busy }: { label: string; busy: boolean }) {
  return (
    <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
      {busy ? text('processing') : label}
    </button>
  );
}

/** Labels of the form's fields (the delivery address's fields are these with the 'delivery' prefix). */
const FIELD_LABELS: Partial<Record<string, StorefrontTextKey>> = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  phone: 'phone',
  companyName: 'companyName',
  vatNumber: 'vatNumber',
  street: 'street',
  floor: 'floor',
  stairway: 'stairway',
  door: 'door',
  zipCode: 'zipCode',
  city: 'city',
  country: 'country',
  appointmentDate: 'appointment',
  comment: 'comment',
  paymentMethod: 'payment',
  legalInstructions: 'termsTitle',
  privacyPolicy: 'privacyTitle',
  donatee: 'donation',
  // the order service refuses a type of order the branch does not offer on these, and a closed branch on `branch`
  isDelivery: 'orderType',
  isDineIn: 'orderType',
  branch: 'branchContact',
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
  const inner = delivery ? FIELD_LABELS[delivery[1].charAt(0).toLowerCase() + delivery[1].slice(1)] : undefined;
  return inner ? `${s('deliveryAddress')} – ${s(inner)}` : null;
}
