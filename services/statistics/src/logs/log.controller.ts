import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Rpc, type RpcMessage } from '@shop/server';

import { LogService } from './log.service.js';

@Controller()
export class LogController {
  constructor(private readonly logs: LogService) {}

  @Rpc('statistics.log.list')
  list(@Payload() m: RpcMessage<'statistics.log.list'>) {
    return this.logs.list(m.actor, m.payload.query ?? {});
  }

  @Rpc('statistics.log.get')
  get(@Payload() m: RpcMessage<'statistics.log.get'>) {
    return this.logs.get(m.actor, Number(m.payload.id));
  }
}
