import type { EntityManager } from 'typeorm';
import { addEntityEventToOutbox } from './entity-event.js';
import { OutboxEntity } from './outbox.entity.js';

/** A manager that records what is inserted. */
function recordingManager() {
  const inserted: Array<{ target: unknown; row: { subject: string; payload: object } }> = [];
  const manager = {
    insert: (target: unknown, row: { subject: string; payload: object }) => {
      inserted.push({ target, row });
      return Promise.resolve();
    },
  } as unknown as EntityManager;
  return { manager, inserted };
}

describe('addEntityEventToOutbox', () => {
  it('writes the event with the entity and verb of its name, the id and the time', async () => {
    const { manager, inserted } = recordingManager();
    const before = Date.now();
    await addEntityEventToOutbox(manager, 'content.form-submission.created', 7);
    expect(inserted).toHaveLength(1);
    expect(inserted[0]?.target).toBe(OutboxEntity);
    expect(inserted[0]?.row.subject).toBe('content.form-submission.created');
    const payload = inserted[0]?.row.payload as { entity: string; id: number; verb: string; at: string };
    expect(payload).toEqual({ entity: 'form-submission', id: 7, verb: 'created', at: expect.any(String) });
    expect(Date.parse(payload.at)).toBeGreaterThanOrEqual(before - 1);
  });

  it('names the verb of updates and deletions alike', async () => {
    const { manager, inserted } = recordingManager();
    await addEntityEventToOutbox(manager, 'identity.user.updated', 3);
    await addEntityEventToOutbox(manager, 'content.image.deleted', 4);
    expect(inserted.map((i) => i.row.payload)).toMatchObject([
      { entity: 'user', id: 3, verb: 'updated' },
      { entity: 'image', id: 4, verb: 'deleted' },
    ]);
  });
});
