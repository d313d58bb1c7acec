import { createRpcController, rpc } from '@shop/server';
import { GetAiStatus } from './get-ai-status.usecase.js';
import { GetGeneration } from './get-generation.usecase.js';
import { StartGeneration } from './start-generation.usecase.js';

export class ContentAiController extends createRpcController([
  rpc('content.ai.generate-site', StartGeneration, (start, m) => start.site(m.actor, m.payload)),
  rpc('content.ai.generate-image', StartGeneration, (start, m) => start.image(m.actor, m.payload)),
  rpc('content.ai.generation.get', GetGeneration, (get, m) => get.execute(m.actor, m.payload)),
  rpc('content.ai.status', GetAiStatus, (get, m) => get.execute(m.actor)),
]) {}
