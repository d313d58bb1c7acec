import type { FactoryProvider } from '@nestjs/common';
import { CRUD_RESOURCES } from '@shop/contracts';
import { DataSource } from 'typeorm';
import { OUTBOX_RELAY } from '../runtime/tokens.js';
import { defineCrud } from './crud-definition.js';
import { crudServiceControllers, crudServiceProviders, crudServiceToken } from './crud-providers.js';
import { CrudService } from './crud.service.js';

class TagRow {
  id: number;
  name: string;
}
const CONFIG = Symbol('config');
const tags = (label: string) =>
  defineCrud({ ...CRUD_RESOURCES.tags, label }, TagRow, {
    authorize: () => undefined,
    assign: () => undefined,
    toDto: (e) => e,
  });

describe('crudServiceProviders', () => {
  it('provides a CrudService per resource under its token, on the DataSource, the relay and the named deps', () => {
    const made: Array<[string, string]> = [];
    const [provider] = crudServiceProviders(['tags'], [CONFIG], (resource, config: { label: string }) => {
      made.push([resource, config.label]);
      return tags(config.label);
    }) as FactoryProvider[];
    expect(provider?.provide).toBe('CRUD:tags');
    expect(provider?.inject).toEqual([DataSource, OUTBOX_RELAY, CONFIG]);
    const service = provider?.useFactory({} as DataSource, { kick: () => undefined }, { label: 'Schlagwort' });
    expect(service).toBeInstanceOf(CrudService);
    expect((service as CrudService<TagRow, unknown>).def.label).toBe('Schlagwort');
    expect(made).toEqual([['tags', 'Schlagwort']]);
  });

  it('names the same token for the controllers', () => {
    expect(crudServiceToken('products')).toBe('CRUD:products');
    expect(crudServiceControllers(['tags', 'products']).map((c) => c.name)).toEqual([
      'TagsCrudController',
      'ProductsCrudController',
    ]);
  });
});

describe('defineCrud', () => {
  it('is the registry entry, the entity and the rules in one definition', () => {
    const def = tags('Tag');
    expect(def).toMatchObject({ service: 'catalogue', entity: 'tag', label: 'Tag', target: TagRow });
    expect(def.input).toBe(CRUD_RESOURCES.tags.input);
  });
});
