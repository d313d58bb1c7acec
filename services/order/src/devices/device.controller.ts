import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SUBJECTS, type RpcEnvelope, type RpcMap } from '@shop/contracts';
import { DeviceQueueService } from './device-queue.service.js';

type Req<S extends keyof RpcMap> = RpcEnvelope<RpcMap[S]['req']>;

/** Device queues, staff device actions and the printers' pull protocols (subjects from libs/contracts). */
@Controller()
export class DeviceController {
  constructor(private readonly devices: DeviceQueueService) {}

  @MessagePattern(SUBJECTS.device.enqueuePrint)
  enqueuePrint(@Payload() m: Req<'order.device.enqueue-print'>) {
    return this.devices.enqueuePrint(m.payload);
  }

  @MessagePattern(SUBJECTS.device.testPrint)
  testPrint(@Payload() m: Req<'order.device.test-print'>) {
    return this.devices.testPrint(m.actor, m.payload.id);
  }

  @MessagePattern(SUBJECTS.device.testNotification)
  testNotification(@Payload() m: Req<'order.device.test-notification'>) {
    return this.devices.testNotification(m.actor, m.payload.id);
  }

  @MessagePattern(SUBJECTS.device.requestLogs)
  requestLogs(@Payload() m: Req<'order.device.request-logs'>) {
    return this.devices.requestLogs(m.actor, m.payload.id);
  }

  @MessagePattern(SUBJECTS.device.logs)
  logs(@Payload() m: Req<'order.device.logs'>) {
    return this.devices.logs(m.actor, m.payload.id);
  }

  @MessagePattern(SUBJECTS.device.queue)
  queue(@Payload() m: Req<'order.device.queue'>) {
    return this.devices.queue(m.actor, m.payload.id);
  }

  @MessagePattern(SUBJECTS.device.cloudprntPoll)
  cloudprntPoll(@Payload() m: Req<'order.printer.cloudprnt-poll'>) {
    return this.devices.cloudprntPoll(m.payload, m.payload.body ?? {});
  }

  @MessagePattern(SUBJECTS.device.cloudprntJob)
  cloudprntJob(@Payload() m: Req<'order.printer.cloudprnt-job'>) {
    return this.devices.cloudprntJob(m.payload);
  }

  @MessagePattern(SUBJECTS.device.cloudprntConfirm)
  cloudprntConfirm(@Payload() m: Req<'order.printer.cloudprnt-confirm'>) {
    return this.devices.cloudprntConfirm(m.payload);
  }

  @MessagePattern(SUBJECTS.device.epsonGetRequest)
  epsonGetRequest(@Payload() m: Req<'order.printer.epson-get-request'>) {
    return this.devices.epsonGetRequest(m.payload);
  }

  @MessagePattern(SUBJECTS.device.epsonSetResponse)
  epsonSetResponse(@Payload() m: Req<'order.printer.epson-set-response'>) {
    return this.devices.epsonSetResponse(m.payload);
  }

  @MessagePattern(SUBJECTS.device.notificationsPoll)
  notificationsPoll(@Payload() m: Req<'order.device.notifications-poll'>) {
    return this.devices.notificationsPoll(m.payload);
  }
}
