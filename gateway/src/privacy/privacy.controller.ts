import { Controller } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { PrivacyExportInput, PrivacyRequestInput, type PrivacyRequestRecord, type Role } from '@shop/contracts';
import { NOUNS } from '@shop/i18n-de';
import { DomainException } from '@shop/server';
import { createHttpController, forwardList } from '../bus/http-routes.js';
import { pathId } from '../common/path-id.js';
import { validateBody } from '../common/validate-body.js';
import { Returns, ReturnsMedia } from '../openapi/returns.js';
import { DevMailEraser } from './dev-mail-eraser.js';

/** permission `privacy`: administrators and the staff an administrator gave 'Datenschutz' */
const PRIVACY: readonly Role[] = ['ROLE_ADMIN', 'ROLE_PRIVACY'];
/**
 * identity asks the services one after another (the orders first, then those searching with what the orders gave,
 * an erasure then each service's part), each within PRIVACY_SERVICE_TIMEOUT (15 s): up to five such rounds
 */
const FAN_OUT_TIMEOUT_MS = 90_000;

/**
 * Issue 44: a customer's request for their data (GDPR art. 15 and 20) or its erasure (art. 17), run by the identity
 * service (which checks the permission again and keeps the record). Every POST needs the session's CSRF token, like
 * every staff write; a body that does not fit the contract is refused here with German field errors.
 */
@ApiTags('privacy')
@Controller('api/privacy')
export class PrivacyController extends createHttpController(
  [
    {
      name: 'search',
      method: 'post',
      path: 'searches',
      access: PRIVACY,
      body: PrivacyRequestInput,
      summary:
        "Finds a customer's data in every service by e-mail address and/or phone number (+43 664 … and 0664 … are one number) and records the search (without the address)",
      answer: Returns('PrivacySearchResult'),
      handle: async ({ actor, body }, { bus }) => ({
        data: await bus.request('identity.privacy.search', validateBody(PrivacyRequestInput, body), actor, {
          timeoutMs: FAN_OUT_TIMEOUT_MS,
        }),
      }),
    },
    {
      name: 'export',
      method: 'post',
      path: 'exports',
      access: PRIVACY,
      body: PrivacyExportInput,
      summary:
        "Exports a customer's data as one file (JSON, or CSV with ';' and a BOM for Excel), to be downloaded once by the same staff member before it expires (PRIVACY_EXPORT_TTL_HOURS)",
      answer: Returns('PrivacyRequestRecord'),
      handle: async ({ actor, body }, { bus }) => ({
        data: await bus.request('identity.privacy.export', validateBody(PrivacyExportInput, body), actor, {
          timeoutMs: FAN_OUT_TIMEOUT_MS,
        }),
      }),
    },
    {
      name: 'download',
      method: 'get',
      path: 'exports/:id/download',
      access: PRIVACY,
      summary:
        'The export file as a download, once, for the staff member who made it (another: 403); then it is deleted (again or expired: 404)',
      answer: ReturnsMedia(['application/json', 'text/csv'], 'the export file as an attachment'),
      sends: true,
      handle: async ({ actor, params, reply }, { bus }) => {
        const id = pathId(params.id, () => DomainException.notFound(NOUNS.privacyExport));
        const file = await bus.request('identity.privacy.download', { id }, actor);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    },
    {
      name: 'erase',
      method: 'post',
      path: 'erasures',
      access: PRIVACY,
      body: PrivacyRequestInput,
      summary:
        "Erases or anonymises a customer's data in every service and records the counts (never the data); the demo mail catcher's copies too (kind 'mails'). A service that does not answer: 503, the record names what is left, repeating erases the rest",
      answer: Returns('PrivacyRequestRecord'),
      handle: async ({ actor, body }, { bus, mails }) => {
        const erasure = await bus.request('identity.privacy.erase', validateBody(PrivacyRequestInput, body), actor, {
          timeoutMs: FAN_OUT_TIMEOUT_MS,
        });
        const deleted = await mails.erase(erasure);
        const record: PrivacyRequestRecord =
          deleted === null
            ? erasure.record
            : { ...erasure.record, counts: [...erasure.record.counts, { kind: 'mails', count: deleted }] };
        return { data: record };
      },
    },
    {
      name: 'requests',
      method: 'get',
      path: 'requests',
      access: ['ROLE_ADMIN'],
      summary:
        "The records of the requests, newest first (administrators): who asked and how, who handled it, the counts, an export's state. { data, meta }",
      decorators: [
        ApiQuery({ name: 'page', required: false, schema: { type: 'integer', minimum: 1, default: 1 } }),
        ApiQuery({
          name: 'perPage',
          required: false,
          schema: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
        }),
      ],
      ...forwardList('identity.privacy.list', 'PrivacyRequestRecord'),
    },
  ],
  { mails: DevMailEraser },
) {}
