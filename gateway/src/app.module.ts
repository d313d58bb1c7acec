import { Global, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { CRUD_RESOURCES, type CrudResourceName } from '@shop/contracts';
import { COALESCED_REDIS, CONFIG, createLogger, FollowedCaches, LOGGER } from '@shop/server';
import { Redis } from 'ioredis';
import { AccessGuard } from './auth/access.guard.js';
import { ActorService } from './auth/actor.service.js';
import { AuthController } from './auth/auth.controller.js';
import { LoginLinkController } from './auth/login-link.controller.js';
import { OrderEventsController } from './backoffice/order-events.controller.js';
import { WebsitesController } from './backoffice/websites.controller.js';
import { SitePreviewController } from './site-preview/site-preview.controller.js';
import { SitePreviews } from './site-preview/site-preview.js';
import { OrderEventsHub } from './backoffice/order-events.hub.js';
import { SignageCommandsController, SignageStreamPreviewController } from './signage/signage.controller.js';
import { SignagePushHub } from './signage/signage-push.hub.js';
import { StaffSessions } from './auth/staff-session.js';
import { LocalStrategy } from './auth/local.strategy.js';
import { BusModule } from './bus/bus.module.js';
import { CatalogueExtrasController } from './catalogue/config.controller.js';
import type { GatewayConfig } from './config/gateway-config.js';
import { createCrudHttpController } from './crud/crud-http.factory.js';
import { FilesController } from './files/files.controller.js';
import { FontsController } from './fonts/fonts.controller.js';
import { FormsController } from './forms/forms.controller.js';
import { ImageTemplatesController } from './image-templates/image-templates.controller.js';
import { UploadsController } from './uploads/uploads.controller.js';
import { ContentAiController } from './content-ai/content-ai.controller.js';
import { ImageBodyLimit, ImagesController } from './images/images.controller.js';
import { DevicesController } from './devices/devices.controller.js';
import { DevMailController } from './dev-mail/dev-mail.controller.js';
import { AnalyticsController } from './analytics/analytics.controller.js';
import { GatewayEvents } from './logs/gateway-events.js';
import { VisitorIds } from './analytics/visitor-id.js';
import { StatisticsController } from './statistics/statistics.controller.js';
import { LogsController } from './logs/logs.controller.js';
import { DevMailEraser } from './privacy/dev-mail-eraser.js';
import { PrivacyController } from './privacy/privacy.controller.js';
import { HealthController } from './health/health.controller.js';
import { RedirectCache } from './web/redirect-cache.js';
import { LoginFailures } from './auth/login-failures.js';
import { UserEventsListener } from './auth/user-events.listener.js';
import { ProofOfWork } from './common/proof-of-work.js';
import { InitCache } from './init/init-cache.js';
import { InitController } from './init/init.controller.js';
import { OrdersController } from './orders/orders.controller.js';
import { StaffOrdersController } from './orders/staff-orders.controller.js';
import { OrderAbuseLimits } from './orders/order-abuse.js';
import { PublicOrderCache } from './orders/public-order.cache.js';
import { TimeTrackingController } from './time-tracking/time-tracking.controller.js';

@Global()
@Module({})
class GatewayCoreModule implements OnApplicationShutdown {
  constructor(private readonly redis: Redis) {}
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayCoreModule,
      providers: [
        { provide: CONFIG, useValue: config },
        { provide: LOGGER, useValue: createLogger('gateway', config.LOG_LEVEL) },
        {
          provide: Redis,
          useFactory: () =>
            new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2, ...COALESCED_REDIS }),
        },
        {
          provide: StaffSessions,
          inject: [Redis],
          useFactory: (redis: Redis) =>
            new StaffSessions({
              redis,
              keyPrefix: `${config.REDIS_PREFIX}sess:`,
              ttlSeconds: config.SESSION_TTL_SECONDS,
              absoluteSeconds: config.SESSION_ABSOLUTE_SECONDS,
              secure: config.COOKIE_SECURE === 'auto' ? 'auto' : config.COOKIE_SECURE === 'true',
            }),
        },
      ],
      exports: [CONFIG, LOGGER, Redis, StaffSessions],
    };
  }
  async onApplicationShutdown() {
    await this.redis.quit().catch(() => undefined);
  }
}

/** The HTTP edge: routing to services, staff sessions, CSRF, rate limits, /api/init, OpenAPI, files. */
@Module({})
export class GatewayModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      imports: [GatewayCoreModule.forRoot(config), BusModule, PassportModule],
      controllers: [
        HealthController,
        AuthController,
        InitController,
        // before the generic CRUD routes so /api/branches/{id}/menus is not taken for a branch key
        CatalogueExtrasController,
        OrdersController,
        StaffOrdersController,
        DevicesController,
        ImagesController,
        LoginLinkController,
        OrderEventsController,
        WebsitesController,
        SitePreviewController,
        TimeTrackingController,
        SignageCommandsController,
        SignageStreamPreviewController,
        // before the generic CRUD routes, like the catalogue's extras
        ImageTemplatesController,
        UploadsController,
        ...(Object.keys(CRUD_RESOURCES) as CrudResourceName[]).map(createCrudHttpController),
        FilesController,
        FontsController,
        ContentAiController,
        FormsController,
        AnalyticsController,
        LogsController,
        StatisticsController,
        PrivacyController,
        // `npm start`'s mail catcher inbox: development only (the config refuses DEV_MAIL_DIR in production)
        ...(config.DEV_MAIL_DIR ? [DevMailController] : []),
      ],
      providers: [
        // every Nest route declares its access (@Public, @Roles, @BranchKey); this guard enforces it
        { provide: APP_GUARD, useClass: AccessGuard },
        ImageBodyLimit,
        ActorService,
        LocalStrategy,
        // the caches that follow the event streams (init, redirects, public order views), started and stopped with the app
        FollowedCaches,
        ProofOfWork,
        LoginFailures,
        InitCache,
        SitePreviews,
        RedirectCache,
        UserEventsListener,
        PublicOrderCache,
        OrderAbuseLimits,
        OrderEventsHub,
        SignagePushHub,
        GatewayEvents,
        VisitorIds,
        DevMailEraser,
      ],
    };
  }
}
