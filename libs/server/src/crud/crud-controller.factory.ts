import { Controller, Inject, type Type } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  CRUD_VERBS,
  crudSubject,
  crudVerbs,
  type CrudResourceName,
  type CrudResourcesWith,
  type CrudSubjectOf,
} from '@shop/contracts';
import { Rpc, type RpcMessage } from '../bus/rpc.js';
import type { AnyCrudService } from './crud.service.js';

/** The create or update subjects of the resources that offer them. */
type WriteSubject<V extends 'create' | 'update'> = CrudSubjectOf<CrudResourcesWith<V>, V>;

/**
 * A NATS controller with the five CRUD subjects of a registry resource (`<service>.<entity>.<verb>`, typed in
 * RpcMap) delegating to its CrudService, so each resource declares its rules once and never re-writes the handlers.
 * A resource whose registry entry narrows its verbs gets only those subjects (another handler may own the rest).
 */
export function createCrudMessageController(
  resource: CrudResourceName,
  serviceToken: string | symbol | Type<unknown>,
): Type<unknown> {
  // a resource without create or update (uploads, form submissions) has no such subject in RpcMap; its handler is
  // removed below, so the subject is never registered
  const writeSubject = (verb: 'create' | 'update') => crudSubject(resource, verb) as WriteSubject<typeof verb>;

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
    @Rpc(writeSubject('create'))
    create(@Payload() m: RpcMessage<WriteSubject<'create'>>) {
      return this.crud.create(m.actor, m.payload);
    }
    @Rpc(writeSubject('update'))
    update(@Payload() m: RpcMessage<WriteSubject<'update'>>) {
      return this.crud.update(m.actor, m.payload);
    }
    @Rpc(crudSubject(resource, 'delete'))
    delete(@Payload() m: RpcMessage<CrudSubjectOf<CrudResourceName, 'delete'>>) {
      return this.crud.delete(m.actor, m.payload);
    }
  }
  const offered = crudVerbs(resource);
  for (const verb of CRUD_VERBS)
    if (!offered.includes(verb)) Reflect.deleteProperty(CrudMessageController.prototype, verb);
  Object.defineProperty(CrudMessageController, 'name', {
    value: `${resource.replace(/(?:^|-)(\w)/g, (_, c: string) => c.toUpperCase())}CrudController`,
  });
  return CrudMessageController;
}
