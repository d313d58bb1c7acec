import { createRpcController, rpc } from '@shop/server';
import { RenderTemplate } from './render-template.usecase.js';

export class ImageTemplateController extends createRpcController([
  rpc('content.image-template.layers', RenderTemplate, (render, m) => render.layers(m.actor, m.payload.id)),
  rpc('content.image-template.render', RenderTemplate, (render, m) => render.execute(m.actor, m.payload)),
]) {}
