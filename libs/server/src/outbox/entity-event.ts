import type { EntityChangedEvent, EntityEventVerb, EventName, EventOf } from '@shop/contracts';
import type { EntityManager } from 'typeorm';
import { addToOutbox } from './outbox-relay.js';

/** The events of the event map whose payload is an entity change: `catalogue.product.created`, `content.image.updated` … */
export type EntityEventName = { [E in EventName]: EventOf<E> extends EntityChangedEvent ? E : never }[EventName];

/**
 * Adds the change event of one row (entity, id, verb and the time) to the outbox in the caller's transaction. The
 * entity and the verb are the event name's own (`<service>.<entity>.<verb>`), so the two cannot disagree. `extra`:
 * the fields an event adds to the entity change (`content.upload.created`'s publicHash).
 */
export function addEntityEventToOutbox<E extends EntityEventName>(
  manager: EntityManager,
  event: E,
  id: number,
  extra?: Omit<EventOf<E>, keyof EntityChangedEvent>,
): Promise<void> {
  const [, entity, verb] = event.split('.') as [string, string, EntityEventVerb];
  return addToOutbox(manager, event, { ...extra, entity, id, verb, at: new Date().toISOString() } as EventOf<E>);
}
