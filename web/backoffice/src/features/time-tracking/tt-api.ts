import type {
  AbsenceBookingInput,
  ActivityCorrectionInput,
  CorrectionDecisionInput,
  MonthCloseInput,
  MonthReopenInput,
} from '@shop/contracts';
import { api, apiUrl } from '../../api/client';

/*
 * The time-tracking calls of issue 41 (gateway/src/time-tracking/month-routes.ts): corrections, correction
 * requests, absences, entitlements, public holidays and the month close, in one place for the screens and their
 * tests. Bodies and answers are the contracts' (the generated OpenAPI client).
 */
export const ttApi = {
  /** a manager's correction, applied at once */
  correct: (body: ActivityCorrectionInput) => api.post('/api/time-tracking/corrections', body),
  /** an employee's request to correct their own activity */
  requestCorrection: (body: ActivityCorrectionInput) => api.post('/api/time-tracking/correction-requests', body),
  /** an employee's own new entry (no correction: the CRUD's create, the reason only if given) */
  addOwn: ({ action: _action, ...fields }: Extract<ActivityCorrectionInput, { action: 'create' }>) =>
    api.post('/api/working-activities', { ...fields, reason: fields.reason.trim() || null }),
  /** an employee's change or deletion of their own entry (source 'entry'): the CRUD's PUT or DELETE */
  changeOwn: (body: Exclude<ActivityCorrectionInput, { action: 'create' }>) => {
    const url = apiUrl('/api/working-activities/{id}', { id: String(body.activity) });
    if (body.action === 'delete') return api.delete(url);
    const { action: _action, activity: _activity, ...fields } = body;
    return api.put(url, { ...fields, reason: fields.reason.trim() || null });
  },
  requestsUrl: (query: { status?: 'pending'; branch?: number; user?: number }) =>
    apiUrl('/api/time-tracking/correction-requests', {}, query),
  decide: (id: number, decision: 'approve' | 'reject', body: CorrectionDecisionInput) =>
    api.post(apiUrl(`/api/time-tracking/correction-requests/{id}/${decision}`, { id }), body),
  withdraw: (id: number) => api.post(apiUrl('/api/time-tracking/correction-requests/{id}/withdraw', { id })),
  bookAbsence: (body: AbsenceBookingInput) => api.post('/api/time-sheets/absences', body),
  entitlementsUrl: (query: { user?: number; year?: number }) =>
    apiUrl('/api/time-sheets/holiday-entitlements', {}, query),
  publicHolidaysUrl: (query: { branch?: number; year?: number }) =>
    apiUrl('/api/time-sheets/public-holidays', {}, query),
  monthClosesUrl: (query: { branch: number; year?: number }) => apiUrl('/api/time-sheets/month-closes', {}, query),
  closeMonth: (body: MonthCloseInput) => api.post('/api/time-sheets/month-closes', body),
  reopenMonth: (body: MonthReopenInput) => api.post('/api/time-sheets/month-closes/reopen', body),
};
