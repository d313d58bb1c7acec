import { Controller, Inject, type Type } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { RpcEnvelope, ListRequest, GetRequest, WriteRequest } from '@shop/contracts';
import type { AnyCrudService } from './crud.service.js';

/**
 * A NATS controller with the five CRUD message patterns `<service>.<entity>.<verb>` delegating to a
 * CrudService, so each resource declares its rules once and never re-writes the handlers.
 */
export function createCrudMessageController(
  subjectBase: string,
  serviceToken: string | symbol | Type<unknown>,
): Type<unknown> {
  @Controller()
  class CrudMessageController {
    constructor(@Inject(serviceToken) private readonly crud: AnyCrudService) {}

    @MessagePattern(`${subjectBase}.list`)
    list(@Payload() m: RpcEnvelope<ListRequest>) {
      return this.crud.list(m.actor, m.payload);
    }
    @MessagePattern(`${subjectBase}.get`)
    get(@Payload() m: RpcEnvelope<GetRequest>) {
      return this.crud.get(m.actor, m.payload);
    }
    @MessagePattern(`${subjectBase}.create`)
    create(@Payload() m: RpcEnvelope<WriteRequest>) {
      return this.crud.create(m.actor, m.payload);
    }
    @MessagePattern(`${subjectBase}.update`)
    update(@Payload() m: RpcEnvelope<WriteRequest>) {
      return this.crud.update(m.actor, m.payload);
    }
    @MessagePattern(`${subjectBase}.delete`)
    delete(@Payload() m: RpcEnvelope<WriteRequest>) {
      return this.crud.delete(m.actor, m.payload);
    }
  }
  Object.defineProperty(CrudMessageController, 'name', {
    value: `${subjectBase.replace(/\W+(\w)/g, (_, c: string) => c.toUpperCase())}Controller`,
  });
  return CrudMessageController;
}
