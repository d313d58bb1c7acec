import { createRpcController, rpc } from '@shop/server';
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
export class PlayerController extends createRpcController([
  rpc('signage.player.connect', Connect, (connect, m) => connect.execute(creds(m.payload))),
  rpc('signage.player.heartbeat', Heartbeat, (heartbeat, m) => heartbeat.execute(creds(m.payload), m.payload.body)),
  rpc('signage.stream.preview', StreamPreview, (preview, m) => preview.execute(m.actor, Number(m.payload.id))),
  rpc('signage.player.schedule', Schedule, (schedule, m) => schedule.execute(creds(m.payload))),
  rpc('signage.player.ack-many', AcknowledgeCommands, (acks, m) => acks.execute(m.payload)),
  rpc('signage.player.result', ReportResult, (results, m) =>
    results.execute(creds(m.payload), Number(m.payload.command), m.payload.body),
  ),
  rpc('signage.player.pickup-board', LiveBoards, (boards, m) => boards.pickupBoard(creds(m.payload))),
  rpc('signage.player.menu-board', LiveBoards, (boards, m) => boards.menuBoard(creds(m.payload))),
  rpc('signage.player.frame-origins', FrameOrigins, (origins, m) =>
    origins.execute(m.payload.device ?? null, m.payload.stream ?? null),
  ),
]) {}
