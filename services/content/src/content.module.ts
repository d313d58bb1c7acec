import { Module } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { STREAMS } from '@shop/contracts';
import { jobDispatcher, NATS_CONNECTION, ServiceRoot } from '@shop/server';
import { StagedFiles } from './common/staged-files.js';
import type { ContentConfig } from './config/content-config.js';
import { contentCrudControllers, contentCrudProviders } from './crud.providers.js';
import { contentDatabase } from './database/data-source.js';
import { ContentAiController } from './content-ai/content-ai.controller.js';
import { ContentAiService } from './content-ai/content-ai.service.js';
import { ContentAiProcessor } from './content-ai/content-ai.processor.js';
import { AI_QUEUE, createAiQueue } from './content-ai/content-ai.queue.js';
import { GetAiStatus } from './content-ai/get-ai-status.usecase.js';
import { GetGeneration } from './content-ai/get-generation.usecase.js';
import { StartGeneration } from './content-ai/start-generation.usecase.js';
import { FontController } from './fonts/font.controller.js';
import { FontService } from './fonts/font.service.js';
import { ImageController } from './images/image.controller.js';
import { ContentInitController } from './init/init.controller.js';
import { ImageService } from './images/image.service.js';
import { UploadController } from './uploads/upload.controller.js';
import { UploadService } from './uploads/upload.service.js';
import { RenameUpload } from './uploads/rename-upload/rename-upload.usecase.js';
import { FormController } from './forms/form.controller.js';
import { ImageTemplateController } from './image-templates/image-template.controller.js';
import { RenderTemplate } from './image-templates/render-template.usecase.js';
import { ContentRetention } from './forms/retention.js';
import { SubmitForm } from './forms/submit-form.usecase.js';
import { SitePreviewController, SitePreviewTokens } from './sites/site-preview.js';
import { CONTENT_EMAIL_QUEUE, ContentJobController, ContentJobs, createEmailQueue } from './jobs/content-jobs.js';
import { PrivacyController } from './privacy/privacy.controller.js';
import { PrivacyRepository } from './privacy/privacy.repository.js';
import { ErasePersonalData } from './privacy/usecases/erase-personal-data/erase-personal-data.usecase.js';
import { FindPersonalData } from './privacy/usecases/find-personal-data/find-personal-data.usecase.js';

/**
 * The content service: uploads, images, the sites, nodes, blocks, navigations and redirects of both websites, form
 * submissions (and their e-mail jobs), fonts and content AI.
 */
@Module({})
export class ContentModule extends ServiceRoot((config: ContentConfig) => {
  const emailQueue = createEmailQueue(config);
  return {
    core: {
      name: 'content',
      database: contentDatabase,
      streams: [STREAMS.content],
      outboxDispatch: jobDispatcher(() => emailQueue),
      bus: true,
    },
    controllers: [
      UploadController,
      ImageController,
      ContentInitController,
      FontController,
      ContentAiController,
      FormController,
      ImageTemplateController,
      ContentJobController,
      SitePreviewController,
      PrivacyController,
      ...contentCrudControllers,
    ],
    providers: [
      {
        provide: StagedFiles,
        inject: [NATS_CONNECTION],
        useFactory: (nc: NatsConnection) => new StagedFiles(nc, config.NATS_SUBJECT_PREFIX),
      },
      UploadService,
      RenameUpload,
      ImageService,
      FontService,
      ContentAiService,
      StartGeneration,
      GetGeneration,
      GetAiStatus,
      ContentAiProcessor,
      { provide: AI_QUEUE, useFactory: () => createAiQueue(config) },
      SubmitForm,
      RenderTemplate,
      ContentRetention,
      ContentJobs,
      SitePreviewTokens,
      { provide: CONTENT_EMAIL_QUEUE, useValue: emailQueue },
      PrivacyRepository,
      FindPersonalData,
      ErasePersonalData,
      ...contentCrudProviders,
    ],
  };
}) {}
