import { createRpcController, rpc } from '@shop/server';
import { CloseMonth } from './usecases/close-month/close-month.usecase.js';
import { ListMonthCloses } from './usecases/list-month-closes/list-month-closes.usecase.js';
import { ReopenMonth } from './usecases/reopen-month/reopen-month.usecase.js';

/** The month close of a branch (issue 41). */
export class MonthCloseController extends createRpcController([
  rpc('time-tracking.month-close.list', ListMonthCloses, (list, m) => list.execute(m.actor, m.payload.query ?? {})),
  rpc('time-tracking.month-close.close', CloseMonth, (close, m) => close.execute(m.actor, m.payload.body)),
  rpc('time-tracking.month-close.reopen', ReopenMonth, (reopen, m) => reopen.execute(m.actor, m.payload.body)),
]) {}

export const monthCloseProviders = [CloseMonth, ReopenMonth, ListMonthCloses];
