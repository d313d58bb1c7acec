import { Module, type DynamicModule } from '@nestjs/common';
import { STREAMS } from '@shop/contracts';
import { ServiceCoreModule } from '@shop/server';
import type { ContentConfig } from './config/content-config.js';
import { CONTENT_ENTITIES, CONTENT_SCHEMA } from './content.entities.js';
import { CONTENT_MIGRATIONS } from './database/migrations/index.js';
import { UploadController } from './uploads/upload.controller.js';
import { UploadService } from './uploads/upload.service.js';

/** The content service. So far: uploads (sites, blocks, nodes, navigations, images, forms come with their issue). */
@Module({})
export class ContentModule {
  static forRoot(config: ContentConfig): DynamicModule {
    return {
      module: ContentModule,
      imports: [
        ServiceCoreModule.forService({
          name: 'content', config, schema: CONTENT_SCHEMA, entities: CONTENT_ENTITIES, migrations: CONTENT_MIGRATIONS, streams: [STREAMS.content],
        }),
      ],
      controllers: [UploadController],
      providers: [UploadService],
    };
  }
}
