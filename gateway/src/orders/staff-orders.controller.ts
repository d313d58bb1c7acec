import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CounterAppointmentInput,
  ItemUpdateInput,
  RejectInput,
  ORDER_ACTIONS,
  type OrderAction,
} from '@shop/contracts';
import { DomainException, ServiceBus } from '@shop/server';
import { Actor, Roles } from '../auth/access.js';
import { validateBody } from '../common/validate-body.js';
import { openApiSchema as schema } from '../openapi/json-schema.js';
import { Returns } from '../openapi/returns.js';
import { positiveId } from './orders.controller.js';
import { PublicOrderCache } from './public-order.cache.js';

/**
 * Orders for staff (backoffice-platform.md §7, api-contract.md "Orders"): the history and the open orders of the
 * user's branches, and the actions on one order. A change shows in the customer's status link at once.
 */
@ApiTags('orders')
@Controller('api/orders')
export class StaffOrdersController {
  constructor(
    private readonly bus: ServiceBus,
    private readonly publicOrders: PublicOrderCache,
  ) {}

  @Get()
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiOperation({
    summary: "Order history of the user's branches (filters: branch, status, from, to, search, page, perPage)",
  })
  @Returns('StaffOrder', { many: 'list' })
  async list(@Actor() actor: Actor, @Query() query: Record<string, unknown>) {
    const reply = await this.bus.request('order.order.list', { query }, actor);
    return { data: reply.items, meta: reply.meta };
  }

  @Get('current')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiOperation({ summary: 'Orders not yet completed, canceled or rejected (optional ?branch=)' })
  @Returns('order.order.current')
  async current(@Actor() actor: Actor, @Query('branch') branch?: string) {
    return {
      data: await this.bus.request('order.order.current', { branch: branch ? positiveId(branch) : undefined }, actor),
    };
  }

  @Get('missed')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiOperation({ summary: 'Orders still unconfirmed 15 minutes after their appointment (or after being placed)' })
  @Returns('order.order.missed')
  async missed(@Actor() actor: Actor, @Query('branch') branch?: string) {
    return {
      data: await this.bus.request('order.order.missed', { branch: branch ? positiveId(branch) : undefined }, actor),
    };
  }

  @Get(':id')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiOperation({ summary: 'One order (staff view)' })
  @Returns('order.order.get')
  async get(@Actor() actor: Actor, @Param('id') id: string) {
    return { data: await this.bus.request('order.order.get', { id: positiveId(id) }, actor) };
  }

  @Post(':id/status/:action')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @HttpCode(200)
  @ApiBody({ schema: schema(RejectInput), required: false, description: 'reject only: { rejectionMessage }' })
  @ApiOperation({
    summary:
      'confirm, reject, cancel, in-delivery (delivery orders), ready-for-pickup (takeaway and dine-in), completed; 409 for a change the status does not allow',
  })
  @Returns('order.order.transition')
  async status(@Actor() actor: Actor, @Param('id') id: string, @Param('action') action: string, @Body() body: unknown) {
    if (!(ORDER_ACTIONS as readonly string[]).includes(action))
      throw DomainException.of('NOT_FOUND', 'http.routeNotFound');
    const payload = {
      id: positiveId(id),
      action: action as OrderAction,
      body: action === 'reject' ? validateBody(RejectInput, body ?? {}) : null,
    };
    return { data: this.staffChanged(await this.bus.request('order.order.transition', payload, actor)) };
  }

  @Post(':id/counter-appointment')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @HttpCode(200)
  @ApiBody({ schema: schema(CounterAppointmentInput) })
  @ApiOperation({ summary: 'Propose another appointment to the customer' })
  @Returns('order.order.propose-counter-appointment')
  async counter(@Actor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    const payload = { id: positiveId(id), body: validateBody(CounterAppointmentInput, body) };
    return {
      data: this.staffChanged(await this.bus.request('order.order.propose-counter-appointment', payload, actor)),
    };
  }

  @Put(':id/items/:index')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiBody({ schema: schema(ItemUpdateInput) })
  @ApiOperation({ summary: 'Change amount, unit or parts of one line; the order is priced again' })
  @Returns('order.order.update-item')
  async updateItem(
    @Actor() actor: Actor,
    @Param('id') id: string,
    @Param('index') itemIndex: string,
    @Body() body: unknown,
  ) {
    if (!/^\d{1,4}$/.test(itemIndex)) throw DomainException.of('NOT_FOUND', 'order.itemUnknown');
    const payload = { id: positiveId(id), index: Number(itemIndex), body: validateBody(ItemUpdateInput, body) };
    return { data: this.staffChanged(await this.bus.request('order.order.update-item', payload, actor)) };
  }

  @Post(':id/print')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @HttpCode(202)
  @ApiOperation({ summary: 'Queue a receipt print (job id print-{id}-print-{n})' })
  @Returns('order.order.request-job')
  print(@Actor() actor: Actor, @Param('id') id: string) {
    return this.job(actor, id, 'print');
  }

  @Post(':id/update-payment-status')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Re-check an online payment with its provider; answers the updated order (isPaid, isFailed)',
  })
  @Returns('order.order.update-payment-status')
  async updatePaymentStatus(@Actor() actor: Actor, @Param('id') id: string) {
    return {
      data: this.staffChanged(
        await this.bus.request('order.order.update-payment-status', { id: positiveId(id) }, actor),
      ),
    };
  }

  @Post(':id/resend-new-order-email')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @HttpCode(202)
  @ApiOperation({ summary: 'Queue the new-order e-mail again' })
  @Returns('order.order.request-job')
  resendEmail(@Actor() actor: Actor, @Param('id') id: string) {
    return this.job(actor, id, 'email');
  }

  @Post(':id/resend-new-order-sms')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @HttpCode(202)
  @ApiOperation({ summary: 'Queue the new-order SMS again' })
  @Returns('order.order.request-job')
  resendSms(@Actor() actor: Actor, @Param('id') id: string) {
    return this.job(actor, id, 'sms');
  }

  private async job(actor: Actor, id: string, job: 'print' | 'email' | 'sms') {
    return { data: await this.bus.request('order.order.request-job', { id: positiveId(id), job }, actor) };
  }

  /** A staff change is visible to the next poll of the public link on this gateway at once. */
  private staffChanged<T extends { uid: string }>(order: T): T {
    this.publicOrders.invalidate(order.uid);
    return order;
  }
}
