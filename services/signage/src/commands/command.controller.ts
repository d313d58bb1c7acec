import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Rpc, type RpcMessage } from '@shop/server';
import { CommandService } from './command.service.js';

@Controller()
export class CommandController {
  constructor(private readonly commands: CommandService) {}

  @Rpc('signage.device.command')
  issue(@Payload() m: RpcMessage<'signage.device.command'>) {
    return this.commands.issue(m.actor, Number(m.payload.id), m.payload.body);
  }

  @Rpc('signage.device.bulk-command')
  issueMany(@Payload() m: RpcMessage<'signage.device.bulk-command'>) {
    return this.commands.issueMany(m.actor, m.payload);
  }

  @Rpc('signage.device.screenshot')
  screenshot(@Payload() m: RpcMessage<'signage.device.screenshot'>) {
    return this.commands.screenshot(m.actor, Number(m.payload.id), m.payload.command);
  }

  @Rpc('signage.device.abort-command')
  abort(@Payload() m: RpcMessage<'signage.device.abort-command'>) {
    return this.commands.abort(m.actor, Number(m.payload.id));
  }
}
