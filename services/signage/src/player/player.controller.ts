import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Rpc, type RpcMessage } from '@shop/server';
import { CommandService } from '../commands/command.service.js';
import { PlayerService } from './player.service.js';

const creds = ({ identifier, key }: { identifier: string; key: string }) => ({ identifier, key });

/** The player's subjects (the gateway forwards the device's identifier and key; this service checks them). */
@Controller()
export class PlayerController {
  constructor(
    private readonly commands: CommandService,
    private readonly player: PlayerService,
  ) {}

  @Rpc('signage.player.connect')
  connect(@Payload() m: RpcMessage<'signage.player.connect'>) {
    return this.commands.connect(creds(m.payload));
  }

  @Rpc('signage.player.heartbeat')
  heartbeat(@Payload() m: RpcMessage<'signage.player.heartbeat'>) {
    return this.commands.heartbeat(creds(m.payload), m.payload.body);
  }

  @Rpc('signage.stream.preview')
  streamPreview(@Payload() m: RpcMessage<'signage.stream.preview'>) {
    return this.player.streamPreview(m.actor, Number(m.payload.id));
  }

  @Rpc('signage.player.schedule')
  schedule(@Payload() m: RpcMessage<'signage.player.schedule'>) {
    return this.player.schedule(creds(m.payload));
  }

  @Rpc('signage.player.ack-many')
  ackMany(@Payload() m: RpcMessage<'signage.player.ack-many'>) {
    return this.commands.acknowledgeMany(m.payload);
  }

  @Rpc('signage.player.result')
  result(@Payload() m: RpcMessage<'signage.player.result'>) {
    return this.commands.report(creds(m.payload), Number(m.payload.command), m.payload.body);
  }

  @Rpc('signage.player.pickup-board')
  pickupBoard(@Payload() m: RpcMessage<'signage.player.pickup-board'>) {
    return this.player.pickupBoard(creds(m.payload));
  }

  @Rpc('signage.player.menu-board')
  menuBoard(@Payload() m: RpcMessage<'signage.player.menu-board'>) {
    return this.player.menuBoard(creds(m.payload));
  }

  @Rpc('signage.player.frame-origins')
  frameOrigins(@Payload() m: RpcMessage<'signage.player.frame-origins'>) {
    return this.player.frameOrigins(m.payload.device ?? null, m.payload.stream ?? null);
  }
}
