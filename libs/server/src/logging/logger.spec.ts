import { Writable } from 'node:stream';
import { createLogger } from './logger.js';

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
});
