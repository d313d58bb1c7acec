import {
  AbsenceBookingInput,
  ActivityCorrectionInput,
  CorrectionDecisionInput,
  CRUD_RESOURCES,
  MonthCloseInput,
  MonthReopenInput,
  PublicHolidayRegionInput,
  type Role,
} from '@shop/contracts';
import { TIME_TRACKING_MESSAGES } from '@shop/i18n-de';
import { DomainException } from '@shop/server';
import { STAFF_ROLES } from '../auth/access.js';
import { forward, forwardList, withQuery, type HttpRoute } from '../bus/http-routes.js';
import { pathId } from '../common/path-id.js';
import { validateBody } from '../common/validate-body.js';

const ADMIN: readonly Role[] = ['ROLE_ADMIN'];
const MANAGERS: readonly Role[] = ['ROLE_ADMIN', 'ROLE_BRANCH_MANAGER'];
const requestId = (raw: string) => pathId(raw, () => DomainException.notFound(TIME_TRACKING_MESSAGES.requestLabel));

/**
 * A manager's month (issue 41): corrections of working activities with their audit trail, employees' correction
 * requests, absences, holiday entitlements, public holidays and the month close. The gateway checks the coarse
 * role and the body's shape (German field errors); the time-tracking service decides with the data (the branch a
 * manager manages, closed months, whose request it is).
 */
export const MONTH_ROUTES: readonly HttpRoute[] = [
  {
    name: 'correct',
    method: 'post',
    path: 'time-tracking/corrections',
    status: 200,
    access: MANAGERS,
    body: ActivityCorrectionInput,
    summary:
      "A correction by who manages the activity's branch, applied at once: action create (the activity's fields), update (activity id and its fields) or delete (activity id), always with a reason; answers the activity (null once deleted) and its audit entry; 409 in a closed month",
    ...forward('time-tracking.correction.apply', ({ body }) => ({ body: validateBody(ActivityCorrectionInput, body) })),
  },
  {
    name: 'activityChanges',
    method: 'get',
    path: 'working-activities/:id/changes',
    access: STAFF_ROLES,
    summary:
      "An activity's audit trail, oldest first (who, when, why, the fields before and after), also of a deleted one",
    ...forward('time-tracking.activity-change.list', ({ params }) => ({
      activity: pathId(params.id, () => DomainException.notFound(CRUD_RESOURCES['working-activities'].label)),
    })),
  },
  {
    name: 'requestCorrection',
    method: 'post',
    path: 'time-tracking/correction-requests',
    access: STAFF_ROLES,
    body: ActivityCorrectionInput,
    summary:
      'An employee asks for a correction of their own activity (create, update or delete with a reason); a manager of its branch decides',
    ...forward('time-tracking.correction-request.create', ({ body }) => ({
      body: validateBody(ActivityCorrectionInput, body),
    })),
  },
  {
    name: 'correctionRequests',
    method: 'get',
    path: 'time-tracking/correction-requests',
    access: STAFF_ROLES,
    summary:
      "Correction requests (status, user, branch, page, perPage): employees their own, managers their branches', pending first",
    ...forwardList('time-tracking.correction-request.list', 'CorrectionRequest'),
  },
  {
    name: 'correctionRequest',
    method: 'get',
    path: 'time-tracking/correction-requests/:id',
    access: STAFF_ROLES,
    summary: 'One correction request',
    ...forward('time-tracking.correction-request.get', ({ params }) => ({ id: requestId(params.id) })),
  },
  {
    name: 'approveCorrection',
    method: 'post',
    path: 'time-tracking/correction-requests/:id/approve',
    status: 200,
    access: MANAGERS,
    body: CorrectionDecisionInput,
    summary:
      "Approves a pending request (not one's own) and applies it as a correction with its reason; 409 when the activity changed since or the month is closed",
    ...forward('time-tracking.correction-request.approve', ({ params, body }) => ({
      id: requestId(params.id),
      body: validateBody(CorrectionDecisionInput, body ?? {}),
    })),
  },
  {
    name: 'rejectCorrection',
    method: 'post',
    path: 'time-tracking/correction-requests/:id/reject',
    status: 200,
    access: MANAGERS,
    body: CorrectionDecisionInput,
    summary: 'Rejects a pending request with a note (required)',
    ...forward('time-tracking.correction-request.reject', ({ params, body }) => ({
      id: requestId(params.id),
      body: validateBody(CorrectionDecisionInput, body ?? {}),
    })),
  },
  {
    name: 'withdrawCorrection',
    method: 'post',
    path: 'time-tracking/correction-requests/:id/withdraw',
    status: 200,
    access: STAFF_ROLES,
    summary: 'The requester takes back their pending request',
    ...forward('time-tracking.correction-request.withdraw', ({ params }) => ({ id: requestId(params.id) })),
  },
  {
    name: 'bookAbsence',
    method: 'post',
    path: 'time-sheets/absences',
    access: MANAGERS,
    body: AbsenceBookingInput,
    summary:
      'Books vacation (holiday), sick leave or compensatory time off for a person of a managed branch over whole days from–to or half of one day; answers the absence, the days it takes (working days that are no public holidays) and, for a vacation, the holiday accounts after it',
    ...forward('time-tracking.absence.book', ({ body }) => ({ body: validateBody(AbsenceBookingInput, body) })),
  },
  {
    name: 'holidayEntitlements',
    method: 'get',
    path: 'time-sheets/holiday-entitlements',
    access: STAFF_ROLES,
    summary:
      "Holiday entitlements of a year (user, year): one's own; a person's for administrators and the managers of their branches; all stored ones for administrators; with the previous year's remaining days",
    ...forward('time-tracking.holiday-entitlement.list', withQuery),
  },
  {
    name: 'publicHolidays',
    method: 'get',
    path: 'time-sheets/public-holidays',
    access: STAFF_ROLES,
    summary: "A year's public holidays of a branch's region (branch, year; date-holidays): its country and state",
    ...forward('time-tracking.public-holiday.list', withQuery),
  },
  {
    name: 'holidayRegion',
    method: 'get',
    path: 'time-sheets/public-holiday-regions/:branch',
    access: STAFF_ROLES,
    summary:
      "A branch's public-holiday region: the catalogue's country, the state set for it, the states to choose from",
    ...forward('time-tracking.public-holiday-region.get', ({ params }) => ({
      branch: pathId(params.branch, () => DomainException.notFound(CRUD_RESOURCES.branches.label)),
    })),
  },
  {
    name: 'saveHolidayRegion',
    method: 'put',
    path: 'time-sheets/public-holiday-regions',
    access: ADMIN,
    body: PublicHolidayRegionInput,
    summary: "Sets the state whose public holidays a branch keeps (null: the deployment's default)",
    ...forward('time-tracking.public-holiday-region.save', ({ body }) => ({
      body: validateBody(PublicHolidayRegionInput, body),
    })),
  },
  {
    name: 'monthCloses',
    method: 'get',
    path: 'time-sheets/month-closes',
    access: STAFF_ROLES,
    summary: "The months of a branch's year that were closed (branch, year), with who closed and reopened them and why",
    ...forward('time-tracking.month-close.list', withQuery),
  },
  {
    name: 'closeMonth',
    method: 'post',
    path: 'time-sheets/month-closes',
    access: MANAGERS,
    body: MonthCloseInput,
    summary:
      "Closes a branch's month that is over (after its export): its activities and shifts are not changed until it is reopened; 409 while an activity still runs",
    ...forward('time-tracking.month-close.close', ({ body }) => ({ body: validateBody(MonthCloseInput, body) })),
  },
  {
    name: 'reopenMonth',
    method: 'post',
    path: 'time-sheets/month-closes/reopen',
    status: 200,
    access: MANAGERS,
    body: MonthReopenInput,
    summary: 'Reopens a closed month with a reason (kept with who and when)',
    ...forward('time-tracking.month-close.reopen', ({ body }) => ({ body: validateBody(MonthReopenInput, body) })),
  },
];
