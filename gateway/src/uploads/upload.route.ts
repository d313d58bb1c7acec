import type { NatsConnection } from '@nats-io/transport-node';
import { UploadInput } from '@shop/contracts';
import { ServiceBus, stageDataUrl } from '@shop/server';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import { answering, sendError } from '../common/error-envelope.js';
import { validateBody } from '../common/validate-body.js';
import { openApiSchema } from '../openapi/json-schema.js';
import { documented } from '../openapi/route-docs.js';
import { stagingBucket } from './staging-bucket.js';
import { answer } from '../openapi/returns.js';

export const UPLOAD_PATH = '/api/uploads';

/**
 * POST /api/uploads (storefront-presenter.md §7 "Create upload"): anonymous, a data-URL in `data`. A plain
 * Fastify route because it needs a larger body limit than every other route. The decoded bytes go into the
 * upload object store (a file is larger than a NATS message may be); the content service checks type and
 * size, stores the file and takes the object out.
 */
export function registerUploadRoute(
  fastify: FastifyInstance,
  bus: ServiceBus,
  nc: NatsConnection,
  natsPrefix: string,
  logger: Logger,
  bodyLimit: number,
): void {
  const bucket = stagingBucket(nc, natsPrefix);
  // opened at boot; a failure is logged and the next upload tries again
  bucket().catch((err) => logger.error({ err }, 'upload bucket unavailable'));
  const operation = documented(
    {
      'x-access': { kind: 'public' },
      operationId: 'createUpload',
      tags: ['uploads'],
      summary:
        'Upload a file as a data-URL (anonymous); answers { data: { id, version, extension, publicHash, mimeType } }',
      requestBody: { content: { 'application/json': { schema: openApiSchema(UploadInput) } } },
      responses: {
        '201': answer({ data: 'content.upload.create', description: 'stored' }),
        '413': { description: 'too large' },
        '422': { description: 'type or data not accepted' },
      },
    },
    { bodyLimit },
  );
  const fail = (reply: FastifyReply, err: unknown) => sendError(reply, err, logger);
  fastify.post(
    UPLOAD_PATH,
    operation,
    answering(fail, async (req, reply) => {
      const { data, filename } = validateBody(UploadInput, req.body) as { data: string; filename?: string };
      const upload = await bus.request('content.upload.create', { ...(await stageDataUrl(bucket(), data)), filename });
      return reply.status(201).send({ data: upload });
    }),
  );
}
