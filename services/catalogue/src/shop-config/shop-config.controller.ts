import { createRpcController, rpc } from '@shop/server';
import { ShopConfigService } from './shop-config.service.js';

export class ShopConfigController extends createRpcController([
  rpc('catalogue.config.get', ShopConfigService, (config) => config.get()),
  rpc('catalogue.config.save', ShopConfigService, (config, m) => config.save(m.actor, m.payload.body)),
]) {}
