import type { FieldError } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { DomainException } from '@shop/server';
import type { FastifyInstance } from 'fastify';

/** Characters no stored text can hold (Postgres text and jsonb): NUL, and a UTF-16 surrogate without its pair. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Deeper than any body of the API; deeper ones could exhaust the stack of whoever serialises them next. */
const MAX_DEPTH = 32;

/**
 * Where a request's path parameters, query and body hold a text no service can store, as field errors
 * ('search', 'uid', 'image.alt'); one error without a field when the body is nested too deeply.
 */
export function unstorableInput(parts: Array<[prefix: string | null, value: unknown]>): FieldError[] | 'tooDeep' {
  const errors: FieldError[] = [];
  const todo: Array<[path: string | null, value: unknown, depth: number]> = parts.map(([prefix, value]) => [
    prefix,
    value,
    0,
  ]);
  while (todo.length) {
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the loop runs while todo has items
    const [path, value, depth] = todo.pop()!;
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) errors.push({ field: path, message: t('validation.invalidCharacters') });
    } else if (value && typeof value === 'object') {
      if (depth >= MAX_DEPTH) return 'tooDeep';
      for (const [key, item] of Object.entries(value)) {
        const field = path ? `${path}.${key}` : key;
        if (UNSTORABLE.test(key)) errors.push({ field, message: t('validation.invalidCharacters') });
        else todo.push([field, item, depth + 1]);
      }
    }
  }
  return errors;
}

/**
 * Rejects such requests before any handler sees them: 422 with the fields, 400 for the depth. The machines'
 * protocol routes (raw-body-scope.ts) are left to their own checks.
 */
export function registerInputGuard(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', (req, _reply, done) => {
    if (req.routeOptions.config.machineInput) return done();
    const found = unstorableInput([
      [null, req.params],
      [null, req.query],
      [null, req.body],
    ]);
    if (found === 'tooDeep') return done(DomainException.of('BAD_REQUEST', 'validation.tooDeep'));
    if (found.length)
      return done(DomainException.validation(found.sort((a, b) => String(a.field).localeCompare(String(b.field)))));
    done();
  });
}
