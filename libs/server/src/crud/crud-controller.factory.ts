import { Controller, Inject, type Type } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { crudSubject, type CrudResourceName, type CrudSubjectOf } from '@shop/contracts';
import { Rpc, type RpcMessage } from '../bus/rpc.js';
import type { AnyCrudService } from './crud.service.js';

/**
 * A NATS controller with the five CRUD subjects of a registry resource (`<service>.<entity>.<verb>`, typed in
 * RpcMap) delegating to its CrudService, so each resource declares its rules once and never re-writes the handlers.
 */
export function createCrudMessageController(
  resource: CrudResourceName,
  serviceToken: string | symbol | Type<unknown>,
): Type<unknown> {
  @Controller()
  class CrudMessageController {
    constructor(@Inject(serviceToken) private readonly crud: AnyCrudService) {}

    @Rpc(crudSubject(resource, 'list'))
    list(@Payload() m: RpcMessage<CrudSubjectOf<CrudResourceName, 'list'>>) {
      return this.crud.list(m.actor, m.payload);
    }
    @Rpc(crudSubject(resource, 'get'))
    get(@Payload() m: RpcMessage<CrudSubjectOf<CrudResourceName, 'get'>>) {
      return this.crud.get(m.actor, m.payload);
    }
    @Rpc(crudSubject(resource, 'create'))
    create(@Payload() m: RpcMessage<CrudSubjectOf<CrudResourceName, 'create'>>) {
      return this.crud.create(m.actor, m.payload);
    }
    @Rpc(crudSubject(resource, 'update'))
    update(@Payload() m: RpcMessage<CrudSubjectOf<CrudResourceName, 'update'>>) {
      return this.crud.update(m.actor, m.payload);
    }
    @Rpc(crudSubject(resource, 'delete'))
    delete(@Payload() m: RpcMessage<CrudSubjectOf<CrudResourceName, 'delete'>>) {
      return this.crud.delete(m.actor, m.payload);
    }
  }
  Object.defineProperty(CrudMessageController, 'name', {
    value: `${resource.replace(/(?:^|-)(\w)/g, (_, c: string) => c.toUpperCase())}CrudController`,
  });
  return CrudMessageController;
}
