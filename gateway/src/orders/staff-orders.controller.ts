import { Controller } from '@nestjs/common';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import {
  CounterAppointmentInput,
  ItemUpdateInput,
  RejectInput,
  ORDER_ACTIONS,
  type OrderAction,
  type RpcRequest,
} from '@shop/contracts';
import { DomainException } from '@shop/server';
import { STAFF_ROLES } from '../auth/access.js';
import { createHttpController, forward, forwardList, type RouteInput, type RouteServices } from '../bus/http-routes.js';
import { validateBody } from '../common/validate-body.js';
import { openApiSchema as schema } from '../openapi/json-schema.js';
import { Returns } from '../openapi/returns.js';
import { positiveId } from './orders.controller.js';
import { PublicOrderCache } from './public-order.cache.js';

/** The subjects of a staff change to one order, each answering the changed order. */
type OrderChange =
  | 'order.order.transition'
  | 'order.order.propose-counter-appointment'
  | 'order.order.update-item'
  | 'order.order.update-payment-status';

/** A staff change: the changed order, which the next poll of the customer's status link on this gateway sees at once. */
const change = <S extends OrderChange>(subject: S, payload: (input: RouteInput) => RpcRequest<S>) => ({
  answer: Returns(subject),
  handle: async (input: RouteInput, { bus, publicOrders }: RouteServices<{ publicOrders: PublicOrderCache }>) => {
    const order = await bus.request(subject, payload(input), input.actor);
    publicOrders.invalidate(order.uid);
    return { data: order };
  },
});

/** The orders of one branch (`?branch=`), or of all the user's branches. */
const ofBranch = ({ query: { branch } }: RouteInput) => ({ branch: branch ? positiveId(String(branch)) : undefined });

/** A job queued again for the order of the path. */
const job = (job: 'print' | 'email' | 'sms') =>
  forward('order.order.request-job', ({ params }) => ({ id: positiveId(params.id), job }));

/**
 * Orders for staff (backoffice-platform.md §7, api-contract.md "Orders"): the history and the open orders of the
 * user's branches, and the actions on one order. A change shows in the customer's status link at once.
 */
@ApiTags('orders')
@Controller('api/orders')
export class StaffOrdersController extends createHttpController(
  [
    {
      name: 'list',
      method: 'get',
      path: '',
      access: STAFF_ROLES,
      summary: "Order history of the user's branches (filters: branch, status, from, to, search, page, perPage)",
      ...forwardList('order.order.list', 'StaffOrder'),
    },
    {
      name: 'current',
      method: 'get',
      path: 'current',
      access: STAFF_ROLES,
      query: ['branch'],
      summary: 'Orders not yet completed, canceled or rejected (optional ?branch=)',
      ...forward('order.order.current', ofBranch),
    },
    {
      name: 'missed',
      method: 'get',
      path: 'missed',
      access: STAFF_ROLES,
      query: ['branch'],
      summary: 'Orders still unconfirmed 15 minutes after their appointment (or after being placed)',
      ...forward('order.order.missed', ofBranch),
    },
    {
      name: 'get',
      method: 'get',
      path: ':id',
      access: STAFF_ROLES,
      summary: 'One order (staff view)',
      ...forward('order.order.get', ({ params }) => ({ id: positiveId(params.id) })),
    },
    {
      name: 'status',
      method: 'post',
      path: ':id/status/:action',
      access: STAFF_ROLES,
      status: 200,
      decorators: [
        ApiBody({ schema: schema(RejectInput), required: false, description: 'reject only: { rejectionMessage }' }),
      ],
      summary:
        'confirm, reject, cancel, in-delivery (delivery orders), ready-for-pickup (takeaway and dine-in), completed; 409 for a change the status does not allow',
      ...change('order.order.transition', ({ params: { id, action }, body }) => {
        if (!(ORDER_ACTIONS as readonly string[]).includes(action))
          throw DomainException.of('NOT_FOUND', 'http.routeNotFound');
        return {
          id: positiveId(id),
          action: action as OrderAction,
          body: action === 'reject' ? validateBody(RejectInput, body ?? {}) : null,
        };
      }),
    },
    {
      name: 'counter',
      method: 'post',
      path: ':id/counter-appointment',
      access: STAFF_ROLES,
      status: 200,
      body: CounterAppointmentInput,
      summary: 'Propose another appointment to the customer',
      ...change('order.order.propose-counter-appointment', ({ params, body }) => ({
        id: positiveId(params.id),
        body: validateBody(CounterAppointmentInput, body),
      })),
    },
    {
      name: 'updateItem',
      method: 'put',
      path: ':id/items/:index',
      access: STAFF_ROLES,
      body: ItemUpdateInput,
      summary: 'Change amount, unit or parts of one line; the order is priced again',
      ...change('order.order.update-item', ({ params, body }) => {
        if (!/^\d{1,4}$/.test(params.index)) throw DomainException.of('NOT_FOUND', 'order.itemUnknown');
        return { id: positiveId(params.id), index: Number(params.index), body: validateBody(ItemUpdateInput, body) };
      }),
    },
    {
      name: 'print',
      method: 'post',
      path: ':id/print',
      access: STAFF_ROLES,
      status: 202,
      summary: 'Queue a receipt print (job id print-{id}-print-{n})',
      ...job('print'),
    },
    {
      name: 'updatePaymentStatus',
      method: 'post',
      path: ':id/update-payment-status',
      access: STAFF_ROLES,
      status: 200,
      summary: 'Re-check an online payment with its provider; answers the updated order (isPaid, isFailed)',
      ...change('order.order.update-payment-status', ({ params }) => ({ id: positiveId(params.id) })),
    },
    {
      name: 'resendEmail',
      method: 'post',
      path: ':id/resend-new-order-email',
      access: STAFF_ROLES,
      status: 202,
      summary: 'Queue the new-order e-mail again',
      ...job('email'),
    },
    {
      name: 'resendSms',
      method: 'post',
      path: ':id/resend-new-order-sms',
      access: STAFF_ROLES,
      status: 202,
      summary: 'Queue the new-order SMS again',
      ...job('sms'),
    },
  ],
  { publicOrders: PublicOrderCache },
) {}
