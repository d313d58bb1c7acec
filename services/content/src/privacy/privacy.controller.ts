import { PrivacyFindInput } from '@shop/contracts';
import { createRpcController, parseOrThrow, rpc } from '@shop/server';
import { ErasePersonalData } from './usecases/erase-personal-data/erase-personal-data.usecase.js';
import { FindPersonalData } from './usecases/find-personal-data/find-personal-data.usecase.js';

/** Issue 44: only the identity service (which runs and records a privacy request) finds and erases. */
export class PrivacyController extends createRpcController([
  rpc('content.privacy.find', FindPersonalData, (find, m) => find.execute(parseOrThrow(PrivacyFindInput, m.payload)), {
    requireService: ['identity'],
  }),
  rpc(
    'content.privacy.erase',
    ErasePersonalData,
    (erase, m) => erase.execute(parseOrThrow(PrivacyFindInput, m.payload)),
    { requireService: ['identity'] },
  ),
]) {}
