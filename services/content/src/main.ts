import 'reflect-metadata';
import { bootstrapService, jobQueuesReadiness } from '@shop/server';
import type { Queue } from 'bullmq';
import { AI_QUEUE } from './content-ai/content-ai.queue.js';
import { loadContentConfig } from './config/content-config.js';
import { ContentModule } from './content.module.js';
import { CONTENT_EMAIL_QUEUE } from './jobs/content-jobs.js';

const config = loadContentConfig();
// form e-mails wait in the outbox while Redis is down; only the AI generations (a queue of their own) stop
await bootstrapService('content', ContentModule.forRoot(config), config, config.CONTENT_HEALTH_PORT, (app) =>
  jobQueuesReadiness([app.get<Queue>(CONTENT_EMAIL_QUEUE), app.get<Queue>(AI_QUEUE)]),
);
