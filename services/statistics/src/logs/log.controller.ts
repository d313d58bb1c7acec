import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SUBJECTS, type RpcEnvelope, type RpcMap } from '@shop/contracts';
import { LogService } from './log.service.js';

type Req<S extends keyof RpcMap> = RpcEnvelope<RpcMap[S]['req']>;

@Controller()
export class LogController {
  constructor(private readonly logs: LogService) {}

  @MessagePattern(SUBJECTS.statistics.logList)
  list(@Payload() m: Req<'statistics.log.list'>) {
    return this.logs.list(m.actor, m.payload.query ?? {});
  }

  @MessagePattern(SUBJECTS.statistics.logGet)
  get(@Payload() m: Req<'statistics.log.get'>) {
    return this.logs.get(m.actor, Number(m.payload.id));
  }
}
