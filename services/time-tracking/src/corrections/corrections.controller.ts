import { createRpcController, rpc } from '@shop/server';
import { CorrectActivity } from './usecases/correct-activity/correct-activity.usecase.js';
import { DecideCorrection } from './usecases/decide-correction/decide-correction.usecase.js';
import { ListActivityChanges } from './usecases/list-activity-changes/list-activity-changes.usecase.js';
import { ListCorrectionRequests } from './usecases/list-correction-requests/list-correction-requests.usecase.js';
import { RequestCorrection } from './usecases/request-correction/request-correction.usecase.js';

/** Corrections of working activities, their requests and audit trails (issue 41). */
export class CorrectionsController extends createRpcController([
  rpc('time-tracking.correction.apply', CorrectActivity, (correct, m) => correct.execute(m.actor, m.payload.body)),
  rpc('time-tracking.activity-change.list', ListActivityChanges, (changes, m) =>
    changes.execute(m.actor, m.payload.activity),
  ),
  rpc('time-tracking.correction-request.create', RequestCorrection, (request, m) =>
    request.execute(m.actor, m.payload.body),
  ),
  rpc('time-tracking.correction-request.list', ListCorrectionRequests, (requests, m) =>
    requests.list(m.actor, m.payload.query ?? {}),
  ),
  rpc('time-tracking.correction-request.get', ListCorrectionRequests, (requests, m) =>
    requests.get(m.actor, m.payload.id),
  ),
  rpc('time-tracking.correction-request.approve', DecideCorrection, (decide, m) =>
    decide.approve(m.actor, m.payload.id, m.payload.body),
  ),
  rpc('time-tracking.correction-request.reject', DecideCorrection, (decide, m) =>
    decide.reject(m.actor, m.payload.id, m.payload.body),
  ),
  rpc('time-tracking.correction-request.withdraw', DecideCorrection, (decide, m) =>
    decide.withdraw(m.actor, m.payload.id),
  ),
]) {}

/** The providers of corrections. */
export const correctionProviders = [
  CorrectActivity,
  DecideCorrection,
  ListActivityChanges,
  ListCorrectionRequests,
  RequestCorrection,
];
