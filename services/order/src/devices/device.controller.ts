import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Rpc, type RpcMessage } from '@shop/server';
import { DeviceQueueService } from './device-queue.service.js';

/** Device queues, staff device actions and the printers' pull protocols (subjects from libs/contracts). */
@Controller()
export class DeviceController {
  constructor(private readonly devices: DeviceQueueService) {}

  @Rpc('order.device.test-print')
  testPrint(@Payload() m: RpcMessage<'order.device.test-print'>) {
    return this.devices.testPrint(m.actor, m.payload.id);
  }

  @Rpc('order.device.test-notification')
  testNotification(@Payload() m: RpcMessage<'order.device.test-notification'>) {
    return this.devices.testNotification(m.actor, m.payload.id);
  }

  @Rpc('order.device.request-logs')
  requestLogs(@Payload() m: RpcMessage<'order.device.request-logs'>) {
    return this.devices.requestLogs(m.actor, m.payload.id);
  }

  @Rpc('order.device.logs')
  logs(@Payload() m: RpcMessage<'order.device.logs'>) {
    return this.devices.logs(m.actor, m.payload.id);
  }

  @Rpc('order.device.queue')
  queue(@Payload() m: RpcMessage<'order.device.queue'>) {
    return this.devices.queue(m.actor, m.payload.id);
  }

  @Rpc('order.printer.cloudprnt-poll')
  cloudprntPoll(@Payload() m: RpcMessage<'order.printer.cloudprnt-poll'>) {
    return this.devices.cloudprntPoll(m.payload, m.payload.body ?? {});
  }

  @Rpc('order.printer.cloudprnt-job')
  cloudprntJob(@Payload() m: RpcMessage<'order.printer.cloudprnt-job'>) {
    return this.devices.cloudprntJob(m.payload);
  }

  @Rpc('order.printer.cloudprnt-confirm')
  cloudprntConfirm(@Payload() m: RpcMessage<'order.printer.cloudprnt-confirm'>) {
    return this.devices.cloudprntConfirm(m.payload);
  }

  @Rpc('order.printer.epson-get-request')
  epsonGetRequest(@Payload() m: RpcMessage<'order.printer.epson-get-request'>) {
    return this.devices.epsonGetRequest(m.payload);
  }

  @Rpc('order.printer.epson-set-response')
  epsonSetResponse(@Payload() m: RpcMessage<'order.printer.epson-set-response'>) {
    return this.devices.epsonSetResponse(m.payload);
  }

  @Rpc('order.device.notifications-poll')
  notificationsPoll(@Payload() m: RpcMessage<'order.device.notifications-poll'>) {
    return this.devices.notificationsPoll(m.payload);
  }
}
