import { createRpcController, rpc } from '@shop/server';
import { LogService } from './log.service.js';

export class LogController extends createRpcController([
  rpc('statistics.log.list', LogService, (logs, m) => logs.list(m.actor, m.payload.query ?? {})),
  rpc('statistics.log.get', LogService, (logs, m) => logs.get(m.actor, Number(m.payload.id))),
]) {}
