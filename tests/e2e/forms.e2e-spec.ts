import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { t } from '@shop/i18n-de';
import { rawHeader, startMailCatcher, waitFor } from '@shop/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ContentRetention } from '../../services/content/src/forms/retention.js';
import { FormSubmissionEntity } from '../../services/content/src/forms/form-submission.entity.js';
import { JobCompletionEntity } from '../../services/content/src/jobs/job-completion.entity.js';
import { loadWorkersConfig } from '../../services/workers/src/config/workers-config.js';
import { EmailProcessor } from '../../services/workers/src/email/email.processor.js';
import { WorkersModule } from '../../services/workers/src/workers.module.js';
import {
  ADMIN,
  login,
  startStack,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';

/** issue 16 "Forms": storefront-presenter.md §2.10, §3 form node, §7 POST /api/custom/form/{id} */
describe('form submissions', () => {
  let stack: Stack;
  let admin: StaffClient;
  let smtp: Awaited<ReturnType<typeof startMailCatcher>>;
  let workers: INestApplicationContext;
  let formId: number;
  const submit = (id: number | string, body: object) =>
    request(stack.baseUrl).post(`/api/custom/form/${id}`).send(body);

  beforeAll(async () => {
    smtp = await startMailCatcher();
    stack = await startStack('forms', { RATE_LIMIT_FORMS_PER_HOUR: '6' });
    await stack.seed();
    workers = await NestFactory.createApplicationContext(
      WorkersModule.forRoot(
        loadWorkersConfig({ ...stack.env, SMTP_URL: smtp.url, PUBLIC_BASE_URL: 'https://shop.example.at' }),
      ),
      { logger: false },
    );
    await workers.init();
    admin = await login(stack, ADMIN);
    const form = await admin
      .post('/api/nodes', {
        identifier: 'kontakt',
        type: 'form',
        isPublic: true,
        content: {
          name: 'Kontakt',
          fields: [
            { kind: 'text', fieldId: 'name', type: 'text', label: 'Name', isRequired: true },
            { kind: 'text', fieldId: 'email', type: 'email', label: 'E-Mail', isRequired: true },
            { kind: 'text', fieldId: 'phone', type: 'phone', label: 'Telefon' },
            {
              kind: 'select',
              fieldId: 'topic',
              label: 'Thema',
              options: [{ value: 'Besichtigung' }, { value: 'Exposé' }],
            },
            {
              kind: 'boolean',
              fieldId: 'consent',
              label: 'Ich stimme der <a href="/datenschutz">Datenschutzerklärung</a> zu',
              isRequired: true,
            },
            // no fieldId: keyed by its position
            { kind: 'text', type: 'textarea', label: 'Nachricht' },
          ],
          actions: [
            {
              kind: 'sendMail',
              recipient: 'office@example.at',
              secondary_recipient: 'vertrieb@example.at',
              subject: 'Anfrage von {name} ({topic})',
              message: '<p>Name: {name}</p>\n<p>E-Mail: {email}, Telefon: {phone}</p>\n<p>{5}</p>',
            },
          ],
          thankYouMessage: '<p>Danke!</p>',
        },
      })
      .expect(201);
    formId = form.body.data.id;
  }, STACK_START_MS);
  afterAll(async () => {
    await workers.close();
    await stack?.close();
    await smtp.close();
  }, STACK_CLOSE_MS);

  it('refuses a missing required field and a bad e-mail with German strings, storing and sending nothing', async () => {
    const res = await submit(formId, { email: 'keine-adresse', phone: '0664 123', topic: 'Miete' }).expect(422);
    expect(res.body.errors).toEqual([
      t('content.formRequired', { label: 'Name' }),
      t('content.formEmail', { label: 'E-Mail' }),
      t('content.formPhone', { label: 'Telefon', phone: '+43 664 1234567' }),
      t('content.formOption', { label: 'Thema' }),
      t('content.formRequired', { label: 'Ich stimme der Datenschutzerklärung zu' }),
    ]);
    expect(await stack.content.get(DataSource).getRepository(FormSubmissionEntity).count()).toBe(0);
  });

  it('stores a valid submission and mails it once, placeholders filled, values escaped and their links broken', async () => {
    const res = await submit(formId, {
      name: 'Anna <b>Berger</b> https://evil.example/login',
      email: 'anna@example.at',
      phone: '0043 664 1234567',
      topic: 'Besichtigung',
      consent: true,
      5: 'Gibt es noch 3-Zimmer-Wohnungen? Siehe www.evil.example/angebot',
    }).expect(200);
    expect(res.body.data).toEqual({ id: expect.any(Number), thankYouMessage: '<p>Danke!</p>' });
    const submissionId: number = res.body.data.id;

    const mail = await waitFor(() => smtp.inbox[0] ?? null, 10_000);
    expect(mail.to.sort()).toEqual(['office@example.at', 'vertrieb@example.at']);
    expect(rawHeader(mail.raw, 'Cc')).toBe('vertrieb@example.at');
    // issue 37, item 8: a visitor's link is shown broken in every part, their markup escaped (HTML) or left out
    const subject = mail.subject;
    expect(subject).toBe('Anfrage von Anna Berger https[:]//evil[.]example/login (Besichtigung)');
    for (const shown of [mail.raw, mail.body, subject]) expect(shown).not.toMatch(/evil\.example|https?:\/\/evil/);
    const { html, text } = mail;
    expect(html).toContain('<p>Name: Anna &lt;b&gt;Berger&lt;/b&gt; https[:]//evil[.]example/login</p>');
    expect(html).not.toContain('<b>');
    // an e-mail field's address, validated as one, stays as it is (the office replies to it)
    expect(html).toContain('<p>E-Mail: anna@example.at, Telefon: +436641234567</p>');
    expect(html).toContain('<p>Gibt es noch 3-Zimmer-Wohnungen? Siehe www[.]evil[.]example/angebot</p>');
    // the text part: the values without markup, the editor's markup left out
    expect(text).toMatch(/Name: Anna Berger https\[:\]\/\/evil\[\.\]example\/login\r?\n/);
    expect(text).not.toContain('<p>');

    // the workers report the job done to the content service, which keeps it from being dispatched again
    const jobId = `email-form-${submissionId}-0`;
    await waitFor(() => stack.content.get(DataSource).getRepository(JobCompletionEntity).findOneBy({ jobId }), 10_000);
    // a job delivered twice (BullMQ is at-least-once) sends nothing the second time
    const processor = workers.get(EmailProcessor);
    const again = await processor.processFormMail(
      {
        submissionId,
        nodeId: formId,
        action: 0,
        to: 'office@example.at',
        cc: null,
        subject: 'x',
        text: 'x',
        html: 'x',
      },
      { id: jobId },
    );
    expect(again).toEqual({ sent: false });
    expect(smtp.inbox).toHaveLength(1);
  });

  it('lets staff list, read and delete submissions (no create or update), and not visitors', async () => {
    const list = await admin.get(`/api/form-submissions?node=${formId}`).expect(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({
        node: formId,
        formName: 'Kontakt',
        // stored as sent: only the mail shows them neutralised
        values: expect.objectContaining({
          name: 'Anna <b>Berger</b> https://evil.example/login',
          consent: true,
          '5': 'Gibt es noch 3-Zimmer-Wohnungen? Siehe www.evil.example/angebot',
        }),
      }),
    ]);
    const id: number = list.body.data[0].id;
    await request(stack.baseUrl).get('/api/form-submissions').expect(401);
    await request(stack.baseUrl).get(`/api/form-submissions/${id}`).expect(401);
    await admin.post('/api/form-submissions', {}).expect(404);
    await admin.put(`/api/form-submissions/${id}`, {}).expect(404);
    await admin.get(`/api/form-submissions/${id}`).expect(200);
    await admin.delete(`/api/form-submissions/${id}`).expect(200);
    await admin.get(`/api/form-submissions/${id}`).expect(404);
  });

  it('answers 404 for a form of a non-public node, another node type or an unknown id', async () => {
    const hidden = await admin
      .post('/api/nodes', { type: 'form', isPublic: false, content: { name: 'Intern', fields: [] } })
      .expect(201);
    const project = await admin
      .post('/api/nodes', { type: 'project', isPublic: true, content: { name: 'Haus am See' } })
      .expect(201);
    for (const id of [hidden.body.data.id, project.body.data.id, 999_999]) {
      const res = await submit(id, {}).expect(404);
      expect(res.body.errors).toEqual([t('http.resourceNotFound', { label: 'Formular' })]);
    }
  });

  it('limits submissions per client and hour (German 429, errors as strings)', async () => {
    // six per hour in this stack; the tests above sent five, whatever their answer
    await submit(formId, { name: 'X' }).expect(422);
    const res = await submit(formId, { name: 'X' }).expect(429);
    expect(res.body.errors).toEqual([expect.stringContaining('Zu viele Anfragen')]);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('purges submissions older than the retention time', async () => {
    const repo = stack.content.get(DataSource).getRepository(FormSubmissionEntity);
    const old = await repo.save(repo.create({ nodeId: formId, formName: 'Kontakt', values: {} }));
    const recent = await repo.save(repo.create({ nodeId: formId, formName: 'Kontakt', values: {} }));
    await repo.update(old.id, { createdAt: new Date(Date.now() - 181 * 24 * 3_600_000) });
    const swept = await stack.content.get(ContentRetention).sweep();
    expect(swept.submissions).toBe(1);
    expect(await repo.findOneBy({ id: old.id })).toBeNull();
    expect(await repo.findOneBy({ id: recent.id })).not.toBeNull();
  });
});
