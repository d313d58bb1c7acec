import { createRpcController, rpc } from '@shop/server';
import { AbortCommand } from './usecases/abort-command/abort-command.usecase.js';
import { CommandScreenshot } from './usecases/command-screenshot/command-screenshot.usecase.js';
import { IssueBulkCommand } from './usecases/issue-bulk-command/issue-bulk-command.usecase.js';
import { IssueCommand } from './usecases/issue-command/issue-command.usecase.js';

/** Staff's commands to TVs (subjects from libs/contracts); the players' side is in the player controller. */
export class CommandController extends createRpcController([
  rpc('signage.device.command', IssueCommand, (issue, m) =>
    issue.execute(m.actor, Number(m.payload.id), m.payload.body),
  ),
  rpc('signage.device.bulk-command', IssueBulkCommand, (issue, m) => issue.execute(m.actor, m.payload)),
  rpc('signage.device.screenshot', CommandScreenshot, (screenshot, m) =>
    screenshot.execute(m.actor, Number(m.payload.id), m.payload.command),
  ),
  rpc('signage.device.abort-command', AbortCommand, (abort, m) => abort.execute(m.actor, Number(m.payload.id))),
]) {}
