import { createRpcController, rpc } from '@shop/server';
import { ErasePersonalData } from './usecases/erase-personal-data/erase-personal-data.usecase.js';
import { FindPersonalData } from './usecases/find-personal-data/find-personal-data.usecase.js';

/** Issue 44: a customer's data in the system log and the analytics events; asked by the identity service only. */
export class PrivacyController extends createRpcController([
  rpc('statistics.privacy.find', FindPersonalData, (find, m) => find.execute(m.payload), {
    requireService: ['identity'],
  }),
  rpc('statistics.privacy.erase', ErasePersonalData, (erase, m) => erase.execute(m.payload), {
    requireService: ['identity'],
  }),
]) {}
