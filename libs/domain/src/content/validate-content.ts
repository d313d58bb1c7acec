/**
 * Validation of stored content against the editor layout definitions (storefront-presenter.md §3, libs/contracts
 * `content/layout.ts`): every field of a site or node is checked by its type, required fields must have a value,
 * a body takes only the block types of its page kind, and unknown keys are refused. Errors name the field's path
 * (`content.body.2.images`) with a German message. References are collected for the caller to check against the
 * database (their existence and type cannot be judged here); rich text goes through the caller's sanitiser.
 */
import {
  BLOCK_TYPES,
  PAGE_KINDS,
  type FieldDefinition,
  type FieldError,
  type PageKind,
  type ReferenceTarget,
} from '@shop/contracts';
import { t } from '@shop/i18n-de';

/** A reference found in the content, to be checked by the caller. */
export interface ContentReference {
  path: string;
  id: number;
  type: string;
  accepts: readonly ReferenceTarget[];
}

export interface ContentCheck {
  /** the content with defaults filled in and rich text sanitised */
  value: Record<string, unknown>;
  errors: FieldError[];
  references: ContentReference[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isEmpty = (v: unknown) =>
  v === undefined ||
  v === null ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (isObject(v) && !Object.keys(v).length);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const MAX_DEPTH = 12;

/**
 * Checks `content` against `fields`. `richText` sanitises each wysiwyg value (the service passes its sanitiser;
 * the browser may pass the identity to check a draft).
 */
export function validateContent(
  fields: readonly FieldDefinition[],
  content: unknown,
  richText: (html: string) => string,
  path = 'content',
): ContentCheck {
  const check = new ContentValidation(richText);
  const value = check.object(fields, content, path, 0);
  return { value, errors: check.errors, references: check.references };
}

/** One run of validateContent: the errors and references found so far, and the checks by field type. */
class ContentValidation {
  readonly errors: FieldError[] = [];
  readonly references: ContentReference[] = [];

  constructor(private readonly richText: (html: string) => string) {}

  private fail(at: string, message: string) {
    this.errors.push({ field: at, message });
  }

  object(defs: readonly FieldDefinition[], raw: unknown, at: string, depth: number): Json {
    if (raw === undefined || raw === null) raw = {};
    if (!isObject(raw)) {
      this.fail(at, t('validation.type', { type: 'object' }));
      return {};
    }
    const known = new Set(defs.map((d) => d.name));
    for (const key of Object.keys(raw)) if (!known.has(key)) this.fail(`${at}.${key}`, t('validation.extraFields'));
    const out: Json = {};
    for (const def of defs) {
      const v = this.field(def, raw[def.name], `${at}.${def.name}`, depth);
      if (v !== undefined) out[def.name] = v;
    }
    return out;
  }

  private field(def: FieldDefinition, raw: unknown, at: string, depth: number): unknown {
    if (depth > MAX_DEPTH) {
      this.fail(at, t('validation.tooDeep'));
      return undefined;
    }
    const value = raw === undefined && def.default !== undefined ? def.default : raw;
    if (isEmpty(value) && def.type !== 'group' && def.type !== 'tabs' && def.type !== 'boolean') {
      if (def.required) this.fail(at, t('validation.required'));
      return value === undefined ? undefined : value;
    }
    switch (def.type) {
      case 'image':
      case 'file':
      case 'images':
      case 'files':
        return this.files(def, value, at);
      case 'reference':
        return this.reference(def, value, at);
      case 'group':
      case 'tabs':
      case 'collection':
        return this.nested(def, value, at, depth);
      default:
        return this.scalar(def, value, at);
    }
  }

  /** text, rich text, colour, number, date, yes/no and choices */
  private scalar(def: FieldDefinition, value: unknown, at: string): unknown {
    switch (def.type) {
      case 'text':
      case 'textarea':
      case 'markdown':
        return this.str(def, value, at);
      case 'wysiwyg': {
        const html = this.str(def, value, at);
        return typeof html === 'string' ? this.richText(html) : html;
      }
      case 'color':
        if (typeof value !== 'string' || !COLOR.test(value)) this.fail(at, t('validation.invalid'));
        return value;
      case 'number':
        if (typeof value !== 'number' || !Number.isFinite(value)) {
          this.fail(at, t('validation.type', { type: 'number' }));
          return value;
        }
        this.range(def, value, at, 'value');
        return value;
      case 'date':
        if (typeof value !== 'string' || !ISO_DATE.test(value) || Number.isNaN(Date.parse(value)))
          this.fail(at, t('validation.datetime'));
        return value;
      case 'boolean':
        return this.boolean(def, value, at);
      case 'select':
        if (!def.options?.some((o) => o.value === value)) this.fail(at, t('validation.choice'));
        return value;
      case 'multiselect':
        if (!Array.isArray(value) || value.some((v) => !def.options?.some((o) => o.value === v)))
          this.fail(at, t('validation.choice'));
        else this.range(def, value.length, at, 'count');
        return value;
      default:
        return undefined;
    }
  }

  private boolean(def: FieldDefinition, value: unknown, at: string): unknown {
    if (value === undefined || value === null) {
      if (def.required) this.fail(at, t('validation.required'));
      return value ?? undefined;
    }
    if (typeof value !== 'boolean') this.fail(at, t('validation.type', { type: 'boolean' }));
    else if (def.required && !value) this.fail(at, t('validation.required'));
    return value;
  }

  /** one file or image, or a list of them */
  private files(def: FieldDefinition, value: unknown, at: string): unknown {
    if (def.type === 'image' || def.type === 'file') {
      this.fileRef(def.type, value, at);
      return value;
    }
    if (!Array.isArray(value)) {
      this.fail(at, t('validation.type', { type: 'array' }));
      return value;
    }
    value.forEach((v, i) => this.fileRef(def.type === 'images' ? 'image' : 'file', v, `${at}.${i}`));
    this.range(def, value.length, at, 'count');
    return value;
  }

  private reference(def: FieldDefinition, value: unknown, at: string): unknown {
    if (!isObject(value) || !Number.isInteger(value.id) || (value.id as number) <= 0 || typeof value.type !== 'string')
      this.fail(at, t('validation.invalid'));
    else
      this.references.push({ path: at, id: value.id as number, type: value.type, accepts: def.references ?? ['site'] });
    return value;
  }

  /** a group, tabs (their fields stored flat in one object) or a collection of items or blocks */
  private nested(def: FieldDefinition, value: unknown, at: string, depth: number): unknown {
    if (def.type === 'group') return this.object(def.fields ?? [], value, at, depth + 1);
    if (def.type === 'tabs')
      return this.object(
        (def.tabs ?? []).flatMap((tab) => tab.fields),
        value,
        at,
        depth + 1,
      );
    if (!Array.isArray(value)) {
      this.fail(at, t('validation.type', { type: 'array' }));
      return value;
    }
    this.range(def, value.length, at, 'count');
    return value.map((item, i) =>
      def.blocks
        ? this.block(def.blocks, item, `${at}.${i}`, depth + 1)
        : this.object(def.fields ?? [], item, `${at}.${i}`, depth + 1),
    );
  }

  private block(kind: PageKind, raw: unknown, at: string, depth: number): unknown {
    if (!isObject(raw) || typeof raw.type !== 'string') {
      this.fail(`${at}.type`, t('validation.required'));
      return raw;
    }
    const allowed = PAGE_KINDS[kind] as readonly string[];
    if (!allowed.includes(raw.type)) {
      this.fail(`${at}.type`, t('content.unknownBlockType', { type: raw.type }));
      return raw;
    }
    const { type, ...rest } = raw;
    return { type, ...this.object(BLOCK_TYPES[type as keyof typeof BLOCK_TYPES].fields, rest, at, depth) };
  }

  private str(def: FieldDefinition, value: unknown, at: string): unknown {
    if (typeof value !== 'string') {
      this.fail(at, t('validation.type', { type: 'string' }));
      return value;
    }
    if (def.min !== undefined && value.length < def.min) this.fail(at, t('validation.tooShort', { limit: def.min }));
    if (def.max !== undefined && value.length > def.max) this.fail(at, t('validation.tooLong', { limit: def.max }));
    return value;
  }

  private range(def: FieldDefinition, n: number, at: string, kind: 'value' | 'count') {
    if (def.min !== undefined && n < def.min)
      this.fail(at, t(kind === 'value' ? 'validation.tooSmall' : 'validation.tooFewItems', { limit: def.min }));
    if (def.max !== undefined && n > def.max)
      this.fail(at, t(kind === 'value' ? 'validation.tooBig' : 'validation.tooManyItems', { limit: def.max }));
  }

  private fileRef(kind: 'image' | 'file', value: unknown, at: string) {
    const ok =
      isObject(value) &&
      Number.isInteger(value.id) &&
      Number.isInteger(value.version) &&
      typeof value.extension === 'string' &&
      (kind === 'image' || typeof value.publicHash === 'string');
    if (!ok) this.fail(at, t('validation.invalid'));
  }
}
