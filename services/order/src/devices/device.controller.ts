import { createRpcController, rpc } from '@shop/server';
import { CloudPrnt } from './usecases/cloudprnt/cloudprnt.usecase.js';
import { DeviceActions } from './usecases/device-actions/device-actions.usecase.js';
import { EpsonSdp } from './usecases/epson-sdp/epson-sdp.usecase.js';
import { NotificationPoll } from './usecases/notification-poll/notification-poll.usecase.js';

/** Device queues, staff device actions and the printers' pull protocols (subjects from libs/contracts). */
export class DeviceController extends createRpcController([
  rpc('order.device.test-print', DeviceActions, (actions, m) => actions.testPrint(m.actor, m.payload.id)),
  rpc('order.device.test-notification', DeviceActions, (actions, m) => actions.testNotification(m.actor, m.payload.id)),
  rpc('order.device.request-logs', DeviceActions, (actions, m) => actions.requestLogs(m.actor, m.payload.id)),
  rpc('order.device.logs', DeviceActions, (actions, m) => actions.logs(m.actor, m.payload.id)),
  rpc('order.device.queue', DeviceActions, (actions, m) => actions.queue(m.actor, m.payload.id)),
  rpc('order.printer.cloudprnt-poll', CloudPrnt, (cloudprnt, m) => cloudprnt.poll(m.payload, m.payload.body ?? {})),
  rpc('order.printer.cloudprnt-job', CloudPrnt, (cloudprnt, m) => cloudprnt.job(m.payload)),
  rpc('order.printer.cloudprnt-confirm', CloudPrnt, (cloudprnt, m) => cloudprnt.confirm(m.payload)),
  rpc('order.printer.epson-get-request', EpsonSdp, (epson, m) => epson.getRequest(m.payload)),
  rpc('order.printer.epson-set-response', EpsonSdp, (epson, m) => epson.setResponse(m.payload)),
  rpc('order.device.notifications-poll', NotificationPoll, (notifications, m) => notifications.execute(m.payload)),
]) {}
