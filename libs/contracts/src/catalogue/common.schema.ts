import { z } from 'zod';

// The web apps run under a Content Security Policy without 'unsafe-eval' (ARCHITECTURE.md "Security"). zod
// compiles object parsers with `new Function` after probing whether eval is allowed, and Chromium reports that
// probe as a CSP violation; without the compilation zod parses the same, a little slower. Servers keep it.
if ('window' in globalThis) z.config({ jitless: true });

/** The largest value of a Postgres `integer` column (the services' serial keys, weights). */
export const PG_INT_MAX = 2_147_483_647;
/** Entity ids are positive integers (serial keys of the owning service). */
export const Id = z.number().int().positive().max(PG_INT_MAX);
/** Sort weight, an integer column. */
export const Weight = z
  .number()
  .int()
  .min(-PG_INT_MAX - 1)
  .max(PG_INT_MAX)
  .default(0);
/** An id in a query string. */
export const IdParam = z.coerce.number().int().positive().max(PG_INT_MAX);
export const IdRef = z.object({ id: Id });
export type IdRef = z.infer<typeof IdRef>;

/** Machine identifier used in URLs (store/{identifier}); lowercase slug characters only. */
export const Identifier = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, { error: 'validation.identifier' });

export const Time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, { error: 'validation.time' });
export const IsoDate = z.iso.date();
export const IsoDateTime = z.iso.datetime({ offset: true });
/** An IANA time zone the platform's Intl knows (Europe/Vienna). */
export const TimeZone = z
  .string()
  .min(1)
  .max(64)
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'validation.timezone' },
  );
export const Money = z.number().finite().min(0).max(1_000_000);
export const TaxRate = z.number().finite().min(0).max(100);
export const Text = (max = 255) => z.string().max(max);
export const NullableText = (max = 255) => z.string().max(max).nullable().default(null);
export const Email = z.email();
export const Url = z.url();

/** A stored image or file reference: /image/{id}-{version}.{extension} */
export const FileRef = z.object({
  id: Id,
  version: z.number().int().min(0),
  extension: z.string().regex(/^[a-z0-9]{1,8}$/),
  alt: z.string().max(255).optional(),
});
export type FileRef = z.infer<typeof FileRef>;

export const Weekday = z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
export type Weekday = z.infer<typeof Weekday>;

/**
 * Opening hours in rule form (storefront-presenter.md §3): type once (with date), daily, or a weekday name;
 * from/to as HH:mm; isClosed marks a closed rule (a holiday, say) that overrides open rules of that day.
 */
export const OpeningHoursRule = z
  .object({
    type: z.union([z.literal('once'), z.literal('daily'), Weekday]),
    date: IsoDate.nullable().default(null),
    from: Time,
    to: Time,
    isClosed: z.boolean().default(false),
  })
  .refine((r) => r.type !== 'once' || r.date !== null, { path: ['date'], message: 'validation.required' });
export type OpeningHoursRule = z.infer<typeof OpeningHoursRule>;
export const OpeningHours = z.array(OpeningHoursRule).max(200).default([]);

/** A schedule (products, categories) uses the same rule form; null means always available. */
export const Schedule = z.array(OpeningHoursRule).max(200).nullable().default(null);
export type Schedule = z.infer<typeof Schedule>;

/** Query parameters every list accepts. */
export const ListQuery = z.object({
  page: z.coerce.number().int().min(1).optional(),
  perPage: z.coerce.number().int().min(1).max(500).optional(),
  search: z.string().max(200).optional(),
});
export type ListQuery = z.infer<typeof ListQuery>;
