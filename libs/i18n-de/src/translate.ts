import { de, RESOURCE_NOUNS, type ResourceNounKey } from './messages.js';

type Catalogue = typeof de;
type Section = keyof Catalogue;
/** 'validation.required', 'auth.invalidCredentials', … */
export type MessageKey = { [S in Section]: `${S}.${Extract<keyof Catalogue[S], string>}` }[Section];
export type Params = Record<string, string | number>;

/** Fill {name} placeholders; unknown placeholders stay as written. */
export function format(template: string, params: Params = {}): string {
  return template.replace(/\{(\w+)\}/g, (all, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : all,
  );
}

export function isMessageKey(key: string): key is MessageKey {
  const [section, name] = key.split('.', 2);
  return section in de && name !== undefined && name in (de as Record<string, Record<string, string>>)[section];
}

/** The German text for a key, placeholders filled. */
export function t(key: MessageKey, params?: Params): string {
  const [section, name] = key.split('.', 2) as [Section, string];
  return format((de[section] as Record<string, string>)[name], params);
}

export type ResourceAction = 'load' | 'create' | 'update' | 'delete';
const VERBS: Record<ResourceAction, string> = {
  load: 'geladen',
  create: 'erstellt',
  update: 'aktualisiert',
  delete: 'gelöscht',
};

/** 'Produkte konnten nicht geladen werden.', 'Tisch konnte nicht gelöscht werden.' (backoffice-platform.md §8) */
export function resourceFailure(resource: ResourceNounKey, action: ResourceAction): string {
  const [singular, plural] = RESOURCE_NOUNS[resource];
  return action === 'load'
    ? `${plural} konnten nicht ${VERBS.load} werden.`
    : `${singular} konnte nicht ${VERBS[action]} werden.`;
}

/** Lockout message with the right number form ('in 1 Minute', 'in 5 Minuten'). */
export function tooManyAttempts(minutes: number): string {
  return t(minutes === 1 ? 'auth.tooManyAttemptsOne' : 'auth.tooManyAttempts', { minutes });
}
