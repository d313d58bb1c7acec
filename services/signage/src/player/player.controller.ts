import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Rpc, type RpcMessage } from '@shop/server';
import { AcknowledgeCommands } from '../commands/usecases/acknowledge-commands/acknowledge-commands.usecase.js';
import { ReportResult } from '../commands/usecases/report-result/report-result.usecase.js';
import { Connect } from './usecases/connect/connect.usecase.js';
import { FrameOrigins } from './usecases/frame-origins/frame-origins.usecase.js';
import { Heartbeat } from './usecases/heartbeat/heartbeat.usecase.js';
import { LiveBoards } from './usecases/live-boards/live-boards.usecase.js';
import { Schedule } from './usecases/schedule/schedule.usecase.js';
import { StreamPreview } from './usecases/stream-preview/stream-preview.usecase.js';

const creds = ({ identifier, key }: { identifier: string; key: string }) => ({ identifier, key });

/** The player's subjects (the gateway forwards the device's identifier and key; this service checks them). */
@Controller()
export class PlayerController {
  constructor(
    private readonly connectPlayer: Connect,
    private readonly heartbeats: Heartbeat,
    private readonly schedules: Schedule,
    private readonly acks: AcknowledgeCommands,
    private readonly results: ReportResult,
    private readonly liveBoards: LiveBoards,
    private readonly origins: FrameOrigins,
    private readonly previews: StreamPreview,
  ) {}

  @Rpc('signage.player.connect')
  connect(@Payload() m: RpcMessage<'signage.player.connect'>) {
    return this.connectPlayer.execute(creds(m.payload));
  }

  @Rpc('signage.player.heartbeat')
  heartbeat(@Payload() m: RpcMessage<'signage.player.heartbeat'>) {
    return this.heartbeats.execute(creds(m.payload), m.payload.body);
  }

  @Rpc('signage.stream.preview')
  streamPreview(@Payload() m: RpcMessage<'signage.stream.preview'>) {
    return this.previews.execute(m.actor, Number(m.payload.id));
  }

  @Rpc('signage.player.schedule')
  schedule(@Payload() m: RpcMessage<'signage.player.schedule'>) {
    return this.schedules.execute(creds(m.payload));
  }

  @Rpc('signage.player.ack-many')
  ackMany(@Payload() m: RpcMessage<'signage.player.ack-many'>) {
    return this.acks.execute(m.payload);
  }

  @Rpc('signage.player.result')
  result(@Payload() m: RpcMessage<'signage.player.result'>) {
    return this.results.execute(creds(m.payload), Number(m.payload.command), m.payload.body);
  }

  @Rpc('signage.player.pickup-board')
  pickupBoard(@Payload() m: RpcMessage<'signage.player.pickup-board'>) {
    return this.liveBoards.pickupBoard(creds(m.payload));
  }

  @Rpc('signage.player.menu-board')
  menuBoard(@Payload() m: RpcMessage<'signage.player.menu-board'>) {
    return this.liveBoards.menuBoard(creds(m.payload));
  }

  @Rpc('signage.player.frame-origins')
  frameOrigins(@Payload() m: RpcMessage<'signage.player.frame-origins'>) {
    return this.origins.execute(m.payload.device ?? null, m.payload.stream ?? null);
  }
}
