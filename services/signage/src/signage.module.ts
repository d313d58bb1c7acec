import { Module, type DynamicModule } from '@nestjs/common';
import { STREAMS } from '@shop/contracts';
import { CONFIG, createServiceBus, ServiceBus, ServiceCoreModule } from '@shop/server';
import { CommandController } from './commands/command.controller.js';
import { CommandService } from './commands/command.service.js';
import type { SignageConfig } from './config/signage-config.js';
import { signageCrudControllers, signageCrudProviders } from './crud.providers.js';
import { SIGNAGE_MIGRATIONS } from './database/migrations/index.js';
import { PlayerController } from './player/player.controller.js';
import { PlayerService } from './player/player.service.js';
import { SIGNAGE_ENTITIES, SIGNAGE_SCHEMA } from './signage.entities.js';

/**
 * The signage service: scenes, streams, segments, devices ('TV') and their commands. It reads no other schema: the
 * branch (opening hours, menus) comes from the catalogue and the pickup board's tickets from the order service,
 * both asked on its own behalf. Its events (stream SIGNAGE) are pushed to the players by the gateway.
 */
@Module({})
export class SignageModule {
  static forRoot(config: SignageConfig): DynamicModule {
    return {
      module: SignageModule,
      imports: [
        ServiceCoreModule.forService({
          name: 'signage',
          config,
          schema: SIGNAGE_SCHEMA,
          entities: SIGNAGE_ENTITIES,
          migrations: SIGNAGE_MIGRATIONS,
          streams: [STREAMS.signage],
        }),
      ],
      controllers: [CommandController, PlayerController, ...signageCrudControllers],
      providers: [
        { provide: ServiceBus, inject: [CONFIG], useFactory: (c: SignageConfig) => createServiceBus(c, 'signage') },
        CommandService,
        PlayerService,
        ...signageCrudProviders,
      ],
    };
  }
}
