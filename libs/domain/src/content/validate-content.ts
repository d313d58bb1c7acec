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
  const errors: FieldError[] = [];
  const references: ContentReference[] = [];
  const fail = (at: string, message: string) => void errors.push({ field: at, message });

  function object(defs: readonly FieldDefinition[], raw: unknown, at: string, depth: number): Json {
    if (raw === undefined || raw === null) raw = {};
    if (!isObject(raw)) {
      fail(at, t('validation.type', { type: 'object' }));
      return {};
    }
    const known = new Set(defs.map((d) => d.name));
    for (const key of Object.keys(raw)) if (!known.has(key)) fail(`${at}.${key}`, t('validation.extraFields'));
    const out: Json = {};
    for (const def of defs) {
      const v = field(def, raw[def.name], `${at}.${def.name}`, depth);
      if (v !== undefined) out[def.name] = v;
    }
    return out;
  }

  function field(def: FieldDefinition, raw: unknown, at: string, depth: number): unknown {
    if (depth > MAX_DEPTH) {
      fail(at, t('validation.tooDeep'));
      return undefined;
    }
    const value = raw === undefined && def.default !== undefined ? def.default : raw;
    if (isEmpty(value) && def.type !== 'group' && def.type !== 'tabs' && def.type !== 'boolean') {
      if (def.required) fail(at, t('validation.required'));
      return value === undefined ? undefined : value;
    }
    switch (def.type) {
      case 'text':
      case 'textarea':
      case 'markdown':
        return str(def, value, at);
      case 'wysiwyg': {
        const html = str(def, value, at);
        return typeof html === 'string' ? richText(html) : html;
      }
      case 'color':
        if (typeof value !== 'string' || !COLOR.test(value)) fail(at, t('validation.invalid'));
        return value;
      case 'number':
        if (typeof value !== 'number' || !Number.isFinite(value)) {
          fail(at, t('validation.type', { type: 'number' }));
          return value;
        }
        range(def, value, at, 'value');
        return value;
      case 'date':
        if (typeof value !== 'string' || !ISO_DATE.test(value) || Number.isNaN(Date.parse(value)))
          fail(at, t('validation.datetime'));
        return value;
      case 'boolean':
        if (value === undefined || value === null) {
          if (def.required) fail(at, t('validation.required'));
          return value ?? undefined;
        }
        if (typeof value !== 'boolean') fail(at, t('validation.type', { type: 'boolean' }));
        else if (def.required && !value) fail(at, t('validation.required'));
        return value;
      case 'select':
        if (!def.options?.some((o) => o.value === value)) fail(at, t('validation.choice'));
        return value;
      case 'multiselect':
        if (!Array.isArray(value) || value.some((v) => !def.options?.some((o) => o.value === v)))
          fail(at, t('validation.choice'));
        else range(def, value.length, at, 'count');
        return value;
      case 'image':
      case 'file':
        fileRef(def.type, value, at);
        return value;
      case 'images':
      case 'files':
        if (!Array.isArray(value)) {
          fail(at, t('validation.type', { type: 'array' }));
          return value;
        }
        value.forEach((v, i) => fileRef(def.type === 'images' ? 'image' : 'file', v, `${at}.${i}`));
        range(def, value.length, at, 'count');
        return value;
      case 'reference':
        if (
          !isObject(value) ||
          !Number.isInteger(value.id) ||
          (value.id as number) <= 0 ||
          typeof value.type !== 'string'
        )
          fail(at, t('validation.invalid'));
        else
          references.push({ path: at, id: value.id as number, type: value.type, accepts: def.references ?? ['site'] });
        return value;
      case 'group':
        return object(def.fields ?? [], value, at, depth + 1);
      case 'tabs':
        return object(
          (def.tabs ?? []).flatMap((tab) => tab.fields),
          value,
          at,
          depth + 1,
        );
      case 'collection': {
        if (!Array.isArray(value)) {
          fail(at, t('validation.type', { type: 'array' }));
          return value;
        }
        range(def, value.length, at, 'count');
        return value.map((item, i) =>
          def.blocks
            ? block(def.blocks, item, `${at}.${i}`, depth + 1)
            : object(def.fields ?? [], item, `${at}.${i}`, depth + 1),
        );
      }
    }
  }

  function block(kind: PageKind, raw: unknown, at: string, depth: number): unknown {
    if (!isObject(raw) || typeof raw.type !== 'string') {
      fail(`${at}.type`, t('validation.required'));
      return raw;
    }
    const allowed = PAGE_KINDS[kind] as readonly string[];
    if (!allowed.includes(raw.type)) {
      fail(`${at}.type`, t('content.unknownBlockType', { type: raw.type }));
      return raw;
    }
    const { type, ...rest } = raw;
    return { type, ...object(BLOCK_TYPES[type as keyof typeof BLOCK_TYPES].fields, rest, at, depth) };
  }

  function str(def: FieldDefinition, value: unknown, at: string): unknown {
    if (typeof value !== 'string') {
      fail(at, t('validation.type', { type: 'string' }));
      return value;
    }
    if (def.min !== undefined && value.length < def.min) fail(at, t('validation.tooShort', { limit: def.min }));
    if (def.max !== undefined && value.length > def.max) fail(at, t('validation.tooLong', { limit: def.max }));
    return value;
  }

  function range(def: FieldDefinition, n: number, at: string, kind: 'value' | 'count') {
    if (def.min !== undefined && n < def.min)
      fail(at, t(kind === 'value' ? 'validation.tooSmall' : 'validation.tooFewItems', { limit: def.min }));
    if (def.max !== undefined && n > def.max)
      fail(at, t(kind === 'value' ? 'validation.tooBig' : 'validation.tooManyItems', { limit: def.max }));
  }

  function fileRef(kind: 'image' | 'file', value: unknown, at: string) {
    const ok =
      isObject(value) &&
      Number.isInteger(value.id) &&
      Number.isInteger(value.version) &&
      typeof value.extension === 'string' &&
      (kind === 'image' || typeof value.publicHash === 'string');
    if (!ok) fail(at, t('validation.invalid'));
  }

  const value = object(fields, content, path, 0);
  return { value, errors, references };
}
