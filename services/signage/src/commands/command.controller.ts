import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Rpc, type RpcMessage } from '@shop/server';
import { AbortCommand } from './usecases/abort-command/abort-command.usecase.js';
import { CommandScreenshot } from './usecases/command-screenshot/command-screenshot.usecase.js';
import { IssueBulkCommand } from './usecases/issue-bulk-command/issue-bulk-command.usecase.js';
import { IssueCommand } from './usecases/issue-command/issue-command.usecase.js';

/** Staff's commands to TVs (subjects from libs/contracts); the players' side is in the player controller. */
@Controller()
export class CommandController {
  constructor(
    private readonly issueCommand: IssueCommand,
    private readonly issueBulkCommand: IssueBulkCommand,
    private readonly commandScreenshot: CommandScreenshot,
    private readonly abortCommand: AbortCommand,
  ) {}

  @Rpc('signage.device.command')
  issue(@Payload() m: RpcMessage<'signage.device.command'>) {
    return this.issueCommand.execute(m.actor, Number(m.payload.id), m.payload.body);
  }

  @Rpc('signage.device.bulk-command')
  issueMany(@Payload() m: RpcMessage<'signage.device.bulk-command'>) {
    return this.issueBulkCommand.execute(m.actor, m.payload);
  }

  @Rpc('signage.device.screenshot')
  screenshot(@Payload() m: RpcMessage<'signage.device.screenshot'>) {
    return this.commandScreenshot.execute(m.actor, Number(m.payload.id), m.payload.command);
  }

  @Rpc('signage.device.abort-command')
  abort(@Payload() m: RpcMessage<'signage.device.abort-command'>) {
    return this.abortCommand.execute(m.actor, Number(m.payload.id));
  }
}
