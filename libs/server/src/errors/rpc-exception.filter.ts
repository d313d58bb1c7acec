import { Catch, type ArgumentsHost, type RpcExceptionFilter } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { throwError, type Observable } from 'rxjs';
import { DomainException } from './domain-exception.js';

/**
 * The service side of "domain exceptions with codes mapped at the edge": a DomainException travels back
 * over NATS as its wire form; anything else is logged with an errorId and answered as INTERNAL.
 */
@Catch()
export class RpcDomainExceptionFilter implements RpcExceptionFilter<unknown> {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    if (exception instanceof DomainException) {
      return throwError(() => exception.toJSON());
    }
    const errorId = randomUUID();
    this.logger.error({ err: exception, errorId }, 'unhandled error in message handler');
    return throwError(() => new DomainException('INTERNAL', [], undefined, { errorId }).toJSON());
  }
}
