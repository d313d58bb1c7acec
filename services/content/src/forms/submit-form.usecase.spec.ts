import { contentTestContext, failure, type ContentTestContext } from '../../test/content-test-context.js';
import { NodeEntity } from '../nodes/node.entity.js';
import { FormSubmissionEntity } from './form-submission.entity.js';
import type { FormContent } from './form-check.js';
import { SubmitForm } from './submit-form.usecase.js';

const CONTACT: FormContent = {
  name: 'Kontakt',
  fields: [
    { kind: 'text', fieldId: 'name', label: 'Name', isRequired: true },
    { kind: 'text', fieldId: 'email', label: 'E-Mail', type: 'email', isRequired: true },
    { kind: 'boolean', fieldId: 'privacy', label: 'Datenschutz', isRequired: true },
  ],
  actions: [
    { kind: 'sendMail', recipient: 'office@example.at', subject: 'Anfrage von {name}', message: 'Von {email}' },
    { kind: 'sendMail', recipient: '  ', subject: 'niemand', message: 'niemand' },
    { kind: 'sendMail', recipient: 'chef@example.at', subject: 'Kopie', message: 'Kopie' },
  ],
  thankYouMessage: 'Danke!',
};

describe("SubmitForm: a visitor's submission of a public form (real Postgres)", () => {
  let ctx: ContentTestContext;
  let submit: SubmitForm;
  let kicks = 0;
  beforeAll(async () => {
    ctx = await contentTestContext('submit_form');
    submit = new SubmitForm(ctx.ds, { kick: async () => void kicks++ }, ctx.config);
  }, 60_000);
  afterAll(() => ctx.close());

  const node = (o: Partial<NodeEntity>) =>
    ctx.ds.getRepository(NodeEntity).save({
      identifier: null,
      type: 'form',
      isPublic: true,
      content: CONTACT,
      name: 'Kontakt',
      ...o,
    } as NodeEntity);
  const valid = { name: 'Anna', email: 'anna@example.at', privacy: true, extra: 'wird verworfen' };

  it('stores the values the form has, its event and one mail job per sendMail action with a recipient, in one commit', async () => {
    const form = await node({});
    const before = (await ctx.events()).length;
    const reply = await submit.execute(form.id, valid);
    expect(reply).toEqual({ id: expect.any(Number), thankYouMessage: 'Danke!' });
    expect(await ctx.ds.getRepository(FormSubmissionEntity).findOneByOrFail({ id: reply.id })).toMatchObject({
      nodeId: form.id,
      formName: 'Kontakt',
      values: { name: 'Anna', email: 'anna@example.at', privacy: true },
    });
    const written = (await ctx.events()).slice(before);
    expect(written[0]).toEqual({
      subject: 'content.form-submission.created',
      payload: expect.objectContaining({ entity: 'form-submission', id: reply.id, verb: 'created' }),
    });
    const jobs = written.slice(1).map((e) => e.payload as { jobId: string; data: { to: string; subject: string } });
    expect(jobs.map((j) => [j.jobId, j.data.to, j.data.subject])).toEqual([
      [`email-form-${reply.id}-0`, 'office@example.at', 'Anfrage von Anna'],
      [`email-form-${reply.id}-2`, 'chef@example.at', 'Kopie'],
    ]);
    expect(kicks).toBeGreaterThan(0);
  });

  it('answers every broken field at once in German sentences and stores nothing', async () => {
    const form = await node({});
    const before = {
      rows: await ctx.ds.getRepository(FormSubmissionEntity).count(),
      events: (await ctx.events()).length,
    };
    expect(await failure(submit.execute(form.id, { email: 'kein-at' }))).toEqual({
      code: 'VALIDATION_FAILED',
      errors: [
        { field: null, message: '„Name“ ist ein Pflichtfeld.' },
        { field: null, message: '„E-Mail“: Bitte geben Sie eine gültige E-Mail-Adresse ein.' },
        { field: null, message: '„Datenschutz“ ist ein Pflichtfeld.' },
      ],
    });
    expect(await ctx.ds.getRepository(FormSubmissionEntity).count()).toBe(before.rows);
    expect((await ctx.events()).length).toBe(before.events);
  });

  it('a form that is not public, a node that is not a form and an unknown id do not exist for visitors', async () => {
    const hidden = await node({ isPublic: false });
    const project = await node({ type: 'project', content: { name: 'Haus' } });
    for (const id of [hidden.id, project.id, 999_999])
      expect(await failure(submit.execute(id, valid))).toEqual({
        code: 'NOT_FOUND',
        errors: [{ field: null, message: 'Formular wurde nicht gefunden.' }],
      });
    expect(await ctx.ds.getRepository(FormSubmissionEntity).countBy({ nodeId: hidden.id })).toBe(0);
  });
});
