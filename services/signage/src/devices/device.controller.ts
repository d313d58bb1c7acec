import { createRpcController, rpc } from '@shop/server';
import { RotateKey } from './usecases/rotate-key/rotate-key.usecase.js';

/** Administrators' work on a TV beyond its CRUD (subjects from libs/contracts): a new key. */
export class DeviceController extends createRpcController([
  rpc('signage.device.rotate-key', RotateKey, (rotate, m) => rotate.execute(m.actor, Number(m.payload.id))),
]) {}
