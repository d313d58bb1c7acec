import { applyDecorators } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { RpcEnvelope, RpcRequest, RpcSubject } from '@shop/contracts';

/** A request/reply handler for a subject of RpcMap: a misspelt subject fails to compile. */
export function Rpc(subject: RpcSubject): MethodDecorator {
  return applyDecorators(MessagePattern(subject));
}

/** What a handler of `S` receives: who asks, and the request typed from RpcMap. */
export type RpcMessage<S extends RpcSubject> = RpcEnvelope<RpcRequest<S>>;
