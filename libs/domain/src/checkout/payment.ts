/**
 * §5 "Payment methods are offered only when the global enable flag, the plugin flag and the branch flag are
 * all on. Default is cash if the branch enables it, otherwise the second online provider (datatrans)."
 * Cash has no plugin flag: it needs enableCash and isCashEnabled.
 */
import type { Branch, Config, PaymentMethod } from '@shop/contracts';

export type PaymentConfig = Pick<
  Config,
  | 'enableCash'
  | 'enableATMCard'
  | 'enablePluginATMCard'
  | 'enableHydroAGVoucher'
  | 'enablePluginHydroAGVoucher'
  | 'enableMollie'
  | 'enablePluginMollie'
  | 'enableDatatrans'
  | 'enablePluginDatatrans'
>;
export type PaymentBranch = Pick<
  Branch,
  'isCashEnabled' | 'isATMCardEnabled' | 'isHydroAGVoucherEnabled' | 'isMollieEnabled' | 'isDatatransEnabled'
>;

/** The offered methods, in the order of §9 "cash, atm-card, hydro-ag-voucher, mollie, datatrans". */
export function availablePaymentMethods(config: PaymentConfig, branch: PaymentBranch): PaymentMethod[] {
  const offered: Array<[PaymentMethod, boolean]> = [
    ['cash', config.enableCash && branch.isCashEnabled],
    ['atm-card', config.enableATMCard && config.enablePluginATMCard && branch.isATMCardEnabled],
    [
      'hydro-ag-voucher',
      config.enableHydroAGVoucher && config.enablePluginHydroAGVoucher && branch.isHydroAGVoucherEnabled,
    ],
    ['mollie', config.enableMollie && config.enablePluginMollie && branch.isMollieEnabled],
    ['datatrans', config.enableDatatrans && config.enablePluginDatatrans && branch.isDatatransEnabled],
  ];
  return offered.filter(([, on]) => on).map(([method]) => method);
}

/** Default: cash if the branch enables it, otherwise datatrans. */
export function defaultPaymentMethod(branch: Pick<Branch, 'isCashEnabled'>): PaymentMethod {
  return branch.isCashEnabled ? 'cash' : 'datatrans';
}

/**
 * The method preselected at checkout: the customer's choice while it is offered, else the §5 default when it
 * is offered, else the first offered method; null when the branch offers none.
 */
export function initialPaymentMethod(
  offered: readonly PaymentMethod[],
  branch: Pick<Branch, 'isCashEnabled'>,
  chosen?: PaymentMethod | null,
): PaymentMethod | null {
  if (chosen && offered.includes(chosen)) return chosen;
  const preferred = defaultPaymentMethod(branch);
  return offered.includes(preferred) ? preferred : (offered[0] ?? null);
}

/** §4 "For online payment with the first online provider" — mollie is the first, datatrans the second. */
export const ONLINE_PAYMENT_METHODS: readonly PaymentMethod[] = ['mollie', 'datatrans'];
