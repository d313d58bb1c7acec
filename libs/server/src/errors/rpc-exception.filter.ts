import { Catch, type ArgumentsHost, type RpcExceptionFilter } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { throwError, type Observable } from 'rxjs';
import { isDatabaseUnavailable } from '../database/connection-errors.js';
import { DomainException } from './domain-exception.js';

/**
 * The service side of "domain exceptions with codes mapped at the edge": a DomainException travels back
 * over NATS as its wire form; a request that got no database connection (pool exhausted past its connect timeout,
 * Postgres refusing or unreachable) as SERVICE_UNAVAILABLE with Retry-After, which the gateway answers with 503;
 * anything else is logged with an errorId and answered as INTERNAL.
 */
@Catch()
export class RpcDomainExceptionFilter implements RpcExceptionFilter<unknown> {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    if (exception instanceof DomainException) {
      return throwError(() => exception.toJSON());
    }
    if (isDatabaseUnavailable(exception)) {
      // one short line each: under a burst these come by the hundred, and their stacks would add to the load
      const { code, message } = exception as { code?: string; message?: string };
      this.logger.warn({ code, reason: message }, 'no database connection; answered as unavailable');
      return throwError(() => DomainException.unavailable().toJSON());
    }
    const errorId = randomUUID();
    this.logger.error({ err: exception, errorId }, 'unhandled error in message handler');
    return throwError(() => new DomainException('INTERNAL', [], undefined, { errorId }).toJSON());
  }
}
