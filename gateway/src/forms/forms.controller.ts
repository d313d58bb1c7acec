import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { FormValues } from '@shop/contracts';
import { DomainException, ServiceBus } from '@shop/server';
import { Public } from '../auth/access.js';
import { pathId } from '../common/path-id.js';
import { validateBody } from '../common/validate-body.js';
import { openApiSchema } from '../openapi/json-schema.js';
import { Returns } from '../openapi/returns.js';

/**
 * storefront-presenter.md §2.10, §7 "POST /api/custom/form/{form id}": a visitor sends a form node's fields. On
 * failure `errors` is a list of German strings (see FORM_SUBMIT_ROUTE in common/error-envelope.ts); submissions are
 * limited per client and hour (RATE_LIMIT_FORMS_PER_HOUR, bootstrap/rate-limits.ts).
 */
@ApiTags('forms')
@Public()
@Controller('api/custom/form')
export class FormsController {
  constructor(private readonly bus: ServiceBus) {}

  @Post(':id')
  @HttpCode(200)
  @ApiBody({ schema: openApiSchema(FormValues) })
  @ApiResponse({ status: 404, description: 'no public form node with this id' })
  @ApiResponse({ status: 422, description: '{ message, code, errors: string[] } (German, one per field)' })
  @ApiOperation({
    summary:
      "Submit a form (values keyed by fieldId, or by position); stores it and sends the form's e-mails; answers { data: { id, thankYouMessage } }",
  })
  @Returns('content.form.submit', { status: 200 })
  async submit(@Param('id') id: string, @Body() body: unknown) {
    const formId = pathId(id, () => DomainException.notFound('Formular'));
    const values = validateBody(FormValues, body ?? {});
    return { data: await this.bus.request('content.form.submit', { id: formId, body: values }, null) };
  }
}
