import { Controller } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { ConfigInput, type RpcRequest, type RpcSubject } from '@shop/contracts';
import { DomainException } from '@shop/server';
import { createHttpController, forward, type RouteInput, type RouteServices } from '../bus/http-routes.js';
import { InitCache } from '../init/init-cache.js';
import { pathId } from '../common/path-id.js';
import { validateBody } from '../common/validate-body.js';
import { ID_PARAM_SCHEMA } from '../openapi/json-schema.js';
import { Returns } from '../openapi/returns.js';

/** A catalogue write through this gateway is visible in its very next /api/init (the event tells the other instances). */
const write =
  <S extends RpcSubject>(subject: S, payload: (input: RouteInput) => RpcRequest<S>) =>
  async (input: RouteInput, { bus, cache }: RouteServices<{ cache: InitCache }>) => {
    const saved = await bus.request(subject, payload(input), input.actor);
    cache.invalidate();
    return { data: saved };
  };

const branchId = ({ params }: RouteInput) => ({ id: pathId(params.id, () => DomainException.notFound('Filiale')) });
/** The routes of one branch: documented under the branches, with their numeric id. */
const BRANCH = [ApiTags('branches'), ApiParam({ name: 'id', schema: ID_PARAM_SCHEMA })];

/** GET/POST /api/config (backoffice-platform.md §7), GET /api/branches/{id}/menus and the counter-screen key's rotation. */
@ApiTags('config')
@Controller('api')
export class CatalogueExtrasController extends createHttpController(
  [
    {
      name: 'get',
      method: 'get',
      path: 'config',
      access: 'public',
      summary: 'The shop configuration',
      ...forward('catalogue.config.get', () => ({})),
    },
    {
      name: 'save',
      method: 'post',
      path: 'config',
      status: 200,
      access: ['ROLE_ADMIN'],
      body: ConfigInput,
      summary: 'Save the shop configuration',
      answer: Returns('catalogue.config.get'),
      handle: write('catalogue.config.save', ({ body }) => ({ body: validateBody(ConfigInput, body) })),
    },
    {
      name: 'branchMenus',
      method: 'get',
      path: 'branches/:id/menus',
      access: 'public',
      optionalSession: true,
      decorators: BRANCH,
      summary: 'Menus of one branch',
      ...forward('catalogue.branch.menus', branchId),
    },
    {
      name: 'rotateScreenKey',
      method: 'post',
      path: 'branches/:id/rotate-screen-key',
      status: 200,
      access: ['ROLE_ADMIN'],
      decorators: BRANCH,
      summary:
        "Replace the branch's counter-screen key by a new random one (administrators); the old key stops opening the screens at once",
      answer: Returns('catalogue.branch.rotate-screen-key'),
      handle: write('catalogue.branch.rotate-screen-key', branchId),
    },
  ],
  { cache: InitCache },
) {}
