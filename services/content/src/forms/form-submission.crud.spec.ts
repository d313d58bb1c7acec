import type { Actor, FormSubmission, ListReply } from '@shop/contracts';
import { CrudService } from '@shop/server';
import { contentTestContext, type ContentTestContext } from '../../test/content-test-context.js';
import { formSubmissionCrud } from './form-submission.crud.js';
import { FormSubmissionEntity } from './form-submission.entity.js';

const EMPLOYEE: Actor = { id: 2, username: 'emp', roles: ['ROLE_EMPLOYEE'], branches: [1] };
const CUSTOMER: Actor = { id: 3, username: 'kunde', roles: [], branches: [] };
/** The rules `create` checks before anything is written are thrown synchronously: caught here alike. */
const attempt = (fn: () => unknown) => Promise.resolve().then(fn);

describe('form submissions CRUD rules (real Postgres)', () => {
  let ctx: ContentTestContext;
  let crud: CrudService<FormSubmissionEntity, unknown>;
  beforeAll(async () => {
    ctx = await contentTestContext('form_submission_rules');
    crud = new CrudService(formSubmissionCrud, ctx.ds, { kick: () => Promise.resolve() }) as CrudService<
      FormSubmissionEntity,
      unknown
    >;
  }, 60_000);
  afterAll(() => ctx.close());

  const submit = (nodeId: number, formName: string) =>
    ctx.ds.getRepository(FormSubmissionEntity).save({ nodeId, formName, values: { email: 'a@b.at' } });

  it("staff list a form's submissions (?node=) and read them; visitors and customers read none", async () => {
    const a = await submit(7, 'Kontakt');
    await submit(8, 'Rückruf');
    const listed = ((await crud.list(EMPLOYEE, { query: { node: '7' } })) as ListReply<FormSubmission>).items;
    expect(listed).toEqual([expect.objectContaining({ id: a.id, node: 7, formName: 'Kontakt' })]);
    expect(await crud.get(EMPLOYEE, { id: a.id })).toMatchObject({ values: { email: 'a@b.at' } });
    await expect(attempt(() => crud.list(null, { query: {} }))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(attempt(() => crud.get(CUSTOMER, { id: a.id }))).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('no CRUD create or update, even for staff; staff delete', async () => {
    const s = await submit(9, 'Kontakt');
    await expect(attempt(() => crud.create(EMPLOYEE, { body: {} }))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(crud.update(EMPLOYEE, { id: s.id, body: {} })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(crud.saveForService({ body: {} })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(crud.delete(CUSTOMER, { id: s.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await crud.delete(EMPLOYEE, { id: s.id });
    expect(await ctx.ds.getRepository(FormSubmissionEntity).existsBy({ id: s.id })).toBe(false);
  });
});
