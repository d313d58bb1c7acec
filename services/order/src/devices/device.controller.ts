import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Rpc, type RpcMessage } from '@shop/server';
import { CloudPrnt } from './usecases/cloudprnt/cloudprnt.usecase.js';
import { DeviceActions } from './usecases/device-actions/device-actions.usecase.js';
import { EpsonSdp } from './usecases/epson-sdp/epson-sdp.usecase.js';
import { NotificationPoll } from './usecases/notification-poll/notification-poll.usecase.js';

/** Device queues, staff device actions and the printers' pull protocols (subjects from libs/contracts). */
@Controller()
export class DeviceController {
  constructor(
    private readonly actions: DeviceActions,
    private readonly cloudprnt: CloudPrnt,
    private readonly epson: EpsonSdp,
    private readonly notifications: NotificationPoll,
  ) {}

  @Rpc('order.device.test-print')
  testPrint(@Payload() m: RpcMessage<'order.device.test-print'>) {
    return this.actions.testPrint(m.actor, m.payload.id);
  }

  @Rpc('order.device.test-notification')
  testNotification(@Payload() m: RpcMessage<'order.device.test-notification'>) {
    return this.actions.testNotification(m.actor, m.payload.id);
  }

  @Rpc('order.device.request-logs')
  requestLogs(@Payload() m: RpcMessage<'order.device.request-logs'>) {
    return this.actions.requestLogs(m.actor, m.payload.id);
  }

  @Rpc('order.device.logs')
  logs(@Payload() m: RpcMessage<'order.device.logs'>) {
    return this.actions.logs(m.actor, m.payload.id);
  }

  @Rpc('order.device.queue')
  queue(@Payload() m: RpcMessage<'order.device.queue'>) {
    return this.actions.queue(m.actor, m.payload.id);
  }

  @Rpc('order.printer.cloudprnt-poll')
  cloudprntPoll(@Payload() m: RpcMessage<'order.printer.cloudprnt-poll'>) {
    return this.cloudprnt.poll(m.payload, m.payload.body ?? {});
  }

  @Rpc('order.printer.cloudprnt-job')
  cloudprntJob(@Payload() m: RpcMessage<'order.printer.cloudprnt-job'>) {
    return this.cloudprnt.job(m.payload);
  }

  @Rpc('order.printer.cloudprnt-confirm')
  cloudprntConfirm(@Payload() m: RpcMessage<'order.printer.cloudprnt-confirm'>) {
    return this.cloudprnt.confirm(m.payload);
  }

  @Rpc('order.printer.epson-get-request')
  epsonGetRequest(@Payload() m: RpcMessage<'order.printer.epson-get-request'>) {
    return this.epson.getRequest(m.payload);
  }

  @Rpc('order.printer.epson-set-response')
  epsonSetResponse(@Payload() m: RpcMessage<'order.printer.epson-set-response'>) {
    return this.epson.setResponse(m.payload);
  }

  @Rpc('order.device.notifications-poll')
  notificationsPoll(@Payload() m: RpcMessage<'order.device.notifications-poll'>) {
    return this.notifications.execute(m.payload);
  }
}
