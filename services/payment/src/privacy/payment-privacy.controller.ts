import { PrivacyFindInput } from '@shop/contracts';
import { createRpcController, parseOrThrow, rpc } from '@shop/server';
import { FindPaymentData } from './usecases/find-payment-data/find-payment-data.usecase.js';

/** Issue 44: only the identity service (which runs and records a privacy request) asks for a customer's payments. */
export class PaymentPrivacyController extends createRpcController([
  rpc('payment.privacy.find', FindPaymentData, (find, m) => find.execute(parseOrThrow(PrivacyFindInput, m.payload)), {
    requireService: ['identity'],
  }),
]) {}
