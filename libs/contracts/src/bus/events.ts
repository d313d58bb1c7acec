/**
 * Events are published by each service's outbox relay to JetStream. Subjects read
 * `<service>.<entity>.<past-tense verb>`; the stream of a service captures only its events,
 * never its request/reply subjects.
 */
export const STREAMS = {
  catalogue: { name: 'CATALOGUE', subjects: ['catalogue.*.created', 'catalogue.*.updated', 'catalogue.*.deleted'] },
  identity: { name: 'IDENTITY', subjects: ['identity.*.created', 'identity.*.updated', 'identity.*.deleted'] },
} as const;
export type StreamOwner = keyof typeof STREAMS;

export type EntityEventVerb = 'created' | 'updated' | 'deleted';
export function entityEvent(service: string, entity: string, verb: EntityEventVerb): string {
  return `${service}.${entity}.${verb}`;
}

/** Payload of every entity change event. */
export interface EntityChangedEvent {
  entity: string;
  id: number;
  verb: EntityEventVerb;
  /** the catalogue version after this change (catalogue events only) */
  version?: string;
  at: string;
}
