import { Writable } from 'node:stream';
import { createLogger, PinoNestLogger } from './logger.js';

/** The JSON lines a logger writes. */
function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { lines, logger: createLogger('test', 'info', stream) };
}

describe('createLogger', () => {
  it('redacts credentials, keys and personal data at the top level and one level down', async () => {
    const { lines, logger } = capture();
    logger.info(
      {
        apiKey: 'k-123',
        body: { username: 'anna', password: 'geheim-geheim', email: 'anna@example.at', phone: '+43 1 234' },
        headers: { cookie: 'sid=abc', authorization: 'Basic eA==', 'x-api-key': 'k-456', accept: 'text/html' },
        order: { id: 5, firstName: 'Anna', lastName: 'Berger', street: 'Ring 1' },
      },
      'line',
    );
    await new Promise((r) => setImmediate(r));
    expect(lines[0]).toMatchObject({
      apiKey: '[redacted]',
      body: { username: 'anna', password: '[redacted]', email: '[redacted]', phone: '[redacted]' },
      headers: { cookie: '[redacted]', authorization: '[redacted]', 'x-api-key': '[redacted]', accept: 'text/html' },
      order: { id: 5, firstName: '[redacted]', lastName: '[redacted]', street: '[redacted]' },
      service: 'test',
      msg: 'line',
    });
    expect(JSON.stringify(lines[0])).not.toMatch(/k-123|geheim|anna@|sid=abc|Berger/);
  });

  it("keeps a customer's e-mail, phone and name out of the line, however deep and in an error's texts (issue 44)", async () => {
    const { lines, logger } = capture();
    const customer = { firstName: 'Anna', lastName: 'Berger', email: 'anna@example.at', phone: '+43 664 1234567' };
    // an SMTP failure as nodemailer reports it: the recipient in its message, response and rejected list
    const err = Object.assign(new Error("Can't send mail - all recipients were rejected: 550 <anna@example.at>"), {
      code: 'EENVELOPE',
      response: '550 5.1.1 <anna@example.at>: Recipient address rejected',
      rejected: ['anna@example.at'],
      command: 'RCPT TO',
    });
    logger.info({ jobId: 'email-1', customer, snapshot: { order: { id: 7, customer } } }, 'mail');
    logger.info(
      { order: { id: 7, customer: { email: customer.email } }, contact: { person: { phone: customer.phone } } },
      'deep',
    );
    logger.error({ jobId: 'sms-1', err }, 'job failed');
    new PinoNestLogger(logger).error('Validation failed for anna@example.at', 'Error: at +43 664 1234567', 'Nest');
    await new Promise((r) => setImmediate(r));
    const text = JSON.stringify(lines);
    expect(text).not.toMatch(/anna@|664 1234567|Berger/);
    expect(lines[0]).toMatchObject({
      jobId: 'email-1',
      customer: '[redacted]',
      snapshot: { order: { id: 7, customer: '[redacted]' } },
    });
    expect(lines[2]).toMatchObject({
      jobId: 'sms-1',
      err: {
        code: 'EENVELOPE',
        message: "Can't send mail - all recipients were rejected: 550 <[E-Mail]>",
        response: '550 5.1.1 <[E-Mail]>: Recipient address rejected',
        rejected: ['[E-Mail]'],
        stack: expect.stringContaining('Error: Can'),
      },
    });
    expect(lines[3]).toMatchObject({ msg: 'Validation failed for [E-Mail]', trace: 'Error: at [Telefon]' });
  });

  it("keeps a database error's statement, parameters and the values Postgres quotes out of the log (issue 37 item 9)", async () => {
    const { lines, logger } = capture();
    // what TypeORM's QueryFailedError carries: the SQL, its parameters and pg's error with its detail
    const driverError = Object.assign(new Error('duplicate key value violates unique constraint "user_email_key"'), {
      code: '23505',
      detail: 'Key (email)=(anna@example.at) already exists.',
      constraint: 'user_email_key',
    });
    class QueryFailedError extends Error {}
    const err = Object.assign(new QueryFailedError(driverError.message), {
      query: 'INSERT INTO "identity"."user"("email", "password_hash") VALUES ($1, $2)',
      parameters: ['anna@example.at', '$argon2id$v=19$secret-hash'],
      driverError,
      code: '23505',
      detail: driverError.detail,
      constraint: 'user_email_key',
    });
    logger.error({ err }, 'request failed');
    logger.error({ err: new Error('wrapped', { cause: err }) }, 'wrapped failure');
    await new Promise((r) => setImmediate(r));
    const text = JSON.stringify(lines);
    expect(text).not.toMatch(/anna@example\.at|argon2id|INSERT INTO/);
    // what an on-call engineer needs stays: the kind of error, its SQLSTATE, the constraint and the stack
    expect(lines[0]).toMatchObject({
      err: { type: 'QueryFailedError', code: '23505', constraint: 'user_email_key', stack: expect.any(String) },
    });
  });
});
