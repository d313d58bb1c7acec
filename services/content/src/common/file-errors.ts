import { t, type MessageKey, type Params } from '@shop/i18n-de';
import { DomainException } from '@shop/server';

/** A German error on the request's `data` field (the data-URL of uploads and images). */
export const dataError = (key: MessageKey, params?: Params): DomainException =>
  DomainException.validation([{ field: 'data', message: t(key, params) }]);

const mb = (n: number) => (n / 1024 / 1024).toFixed(2).replace('.', ',');

/** Empty files and files over the limit are refused ('Die Datei ist zu groß (11,00 MB). …'). */
export function checkFileSize(bytes: number, limit: number): void {
  if (bytes === 0) throw dataError('validation.required');
  if (bytes > limit) throw dataError('validation.fileTooLarge', { size: mb(bytes), limit: mb(limit), suffix: 'MB' });
}
