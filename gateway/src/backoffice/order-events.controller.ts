import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { OrderChangedEvent } from '@shop/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Actor, Roles } from '../auth/access.js';
import { openEventStream } from '../common/event-stream.js';
import { OrderEventsHub } from './order-events.hub.js';
import { ReturnsMedia } from '../openapi/returns.js';

/**
 * The stream ends after this long; EventSource reconnects at once, and the new request re-checks the
 * session and the user's branches (a disabled user or changed branches take effect within this time).
 */
const MAX_STREAM_MS = 5 * 60_000;

/**
 * Live order board (backoffice-platform.md §4 "After each the order is reloaded"): server-sent events with
 * every order change of the user's branches (all branches for administrators). Each event carries id,
 * branch, verb and change; the board reloads its lists on it. `reset` means "reload everything".
 */
@ApiTags('orders')
@Controller('api/backoffice')
export class OrderEventsController {
  constructor(private readonly hub: OrderEventsHub) {}

  @Get('order-events')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiProduces('text/event-stream')
  @ApiOperation({
    summary:
      'Server-sent events: order changes of the user\'s branches (events "order" and "reset"); 401 when anonymous',
  })
  @ReturnsMedia(['text/event-stream'], 'the event stream')
  async stream(@Actor() actor: Actor, @Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    const allBranches = actor.roles.includes('ROLE_ADMIN');
    const branches = new Set(actor.branches);
    const visible = (e: OrderChangedEvent) => allBranches || branches.has(e.branch);

    let unsubscribe = () => {};
    const res = openEventStream(req, reply, { maxMs: MAX_STREAM_MS, onClose: () => unsubscribe() });
    res.write('retry: 2000\n\n');
    unsubscribe = this.hub.subscribe((m) => {
      if (m.type === 'shutdown') res.end();
      else if (m.type === 'reset') res.write('event: reset\ndata: {}\n\n');
      else if (visible(m.event)) {
        const { id, branch, verb, change, at } = m.event;
        res.write(`event: order\ndata: ${JSON.stringify({ id, branch, verb, change, at })}\n\n`);
      }
    });
  }
}
