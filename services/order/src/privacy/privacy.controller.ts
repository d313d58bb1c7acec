import { PrivacyFindInput } from '@shop/contracts';
import { createRpcController, parseOrThrow, rpc } from '@shop/server';
import { EraseOrderData } from './usecases/erase-order-data/erase-order-data.usecase.js';
import { FindOrderData } from './usecases/find-order-data/find-order-data.usecase.js';

/** Issue 44: only the identity service (which runs and records a privacy request) finds and erases a customer's data. */
export class OrderPrivacyController extends createRpcController([
  rpc('order.privacy.find', FindOrderData, (find, m) => find.execute(parseOrThrow(PrivacyFindInput, m.payload)), {
    requireService: ['identity'],
  }),
  rpc('order.privacy.erase', EraseOrderData, (erase, m) => erase.execute(parseOrThrow(PrivacyFindInput, m.payload)), {
    requireService: ['identity'],
  }),
]) {}
