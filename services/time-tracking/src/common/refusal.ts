import type { ErrorCode } from '@shop/contracts';
import { format, type Params } from '@shop/i18n-de';
import { DomainException } from '@shop/server';

/**
 * A refusal worded by the time-tracking catalogue (`TIME_TRACKING_MESSAGES` of @shop/i18n-de, issue 41), with
 * the field it concerns: DomainException.of takes the keys of the common catalogue only.
 */
export function refuse(code: ErrorCode, text: string, field: string | null = null, params?: Params): DomainException {
  const message = params ? format(text, params) : text;
  return new DomainException(code, [{ field, message }], message);
}
