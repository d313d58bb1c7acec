import { Module } from '@nestjs/common';
import { STREAMS } from '@shop/contracts';
import { ServiceRoot } from '@shop/server';
import { CommandController } from './commands/command.controller.js';
import { AbortCommand } from './commands/usecases/abort-command/abort-command.usecase.js';
import { AcknowledgeCommands } from './commands/usecases/acknowledge-commands/acknowledge-commands.usecase.js';
import { CommandScreenshot } from './commands/usecases/command-screenshot/command-screenshot.usecase.js';
import { ExpireCommands } from './commands/usecases/expire-commands/expire-commands.usecase.js';
import { IssueBulkCommand } from './commands/usecases/issue-bulk-command/issue-bulk-command.usecase.js';
import { IssueCommand } from './commands/usecases/issue-command/issue-command.usecase.js';
import { OpenCommand } from './commands/usecases/open-command/open-command.usecase.js';
import { ReportResult } from './commands/usecases/report-result/report-result.usecase.js';
import type { SignageConfig } from './config/signage-config.js';
import { signageCrudControllers, signageCrudProviders } from './crud.providers.js';
import { signageDatabase } from './database/data-source.js';
import { DeviceController } from './devices/device.controller.js';
import { RotateKey } from './devices/usecases/rotate-key/rotate-key.usecase.js';
import { PlayerController } from './player/player.controller.js';
import { Connect } from './player/usecases/connect/connect.usecase.js';
import { FrameOrigins } from './player/usecases/frame-origins/frame-origins.usecase.js';
import { Heartbeat } from './player/usecases/heartbeat/heartbeat.usecase.js';
import { LiveBoards } from './player/usecases/live-boards/live-boards.usecase.js';
import { Schedule } from './player/usecases/schedule/schedule.usecase.js';
import { StreamPreview } from './player/usecases/stream-preview/stream-preview.usecase.js';

/**
 * The signage service: scenes, streams, segments, devices ('TV') and their commands. It reads no other schema: the
 * branch (opening hours, menus) comes from the catalogue and the pickup board's tickets from the order service,
 * both asked on its own behalf. Its events (stream SIGNAGE) are pushed to the players by the gateway.
 */
@Module({})
export class SignageModule extends ServiceRoot<SignageConfig>({
  core: { name: 'signage', database: signageDatabase, streams: [STREAMS.signage], bus: true },
  controllers: [CommandController, DeviceController, PlayerController, ...signageCrudControllers],
  providers: [
    // one use case per operation (commands/usecases, player/usecases)
    IssueCommand,
    IssueBulkCommand,
    AbortCommand,
    RotateKey,
    CommandScreenshot,
    ExpireCommands,
    OpenCommand,
    AcknowledgeCommands,
    ReportResult,
    Connect,
    Heartbeat,
    Schedule,
    FrameOrigins,
    StreamPreview,
    LiveBoards,
    ...signageCrudProviders,
  ],
}) {}
