import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { BackofficeWebsites } from '@shop/contracts';
import { CONFIG } from '@shop/server';
import { Roles } from '../auth/access.js';
import type { GatewayConfig } from '../config/gateway-config.js';
import { Returns } from '../openapi/returns.js';

/**
 * The hosts the gateway serves each website on, for the back office's 'Vorschau' (issue 18): a presenter page opens
 * on the first of PRESENTER_HOSTS, a storefront page on the back office's own host.
 */
@ApiTags('content')
@Controller('api/backoffice')
export class WebsitesController {
  constructor(@Inject(CONFIG) private readonly config: GatewayConfig) {}

  @Get('websites')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiOperation({ summary: "The presenter's host names (PRESENTER_HOSTS), for the back office's preview links" })
  @Returns('BackofficeWebsites')
  websites(): { data: BackofficeWebsites } {
    return { data: { presenterHosts: [...this.config.PRESENTER_HOSTS] } };
  }
}
