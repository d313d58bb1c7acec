/**
 * Real-estate presenter rules: §4 "Real-estate statuses", §5 "Content" (object price, type and status
 * defaults), §2.9 projects overview and references overview, §9 sorting, room count and 'new' projects.
 * Content nodes are not part of @shop/contracts; the shapes below are the structural subset these rules read.
 */
import { PROJECT_NEW_WEEKS, REFERENCES_INITIAL } from '../constants.js';
import { formatPrice } from '../format/number.js';
import { text } from '../texts.js';

export const PROJECT_STATUSES = ['available', 'booked', 'planned'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const OBJECT_STATUSES = ['available', 'reserved', 'sold'] as const;
export type ObjectStatus = (typeof OBJECT_STATUSES)[number];
export const OBJECT_TYPES = ['rent', 'buy'] as const;
export type ObjectType = (typeof OBJECT_TYPES)[number];

type Ref = number | { id: number };
const refId = (r: Ref) => (typeof r === 'number' ? r : r.id);

export interface ProjectNodeLike {
  id: number;
  isPublic: boolean;
  createdAt?: string;
  content: { name?: string; status?: ProjectStatus | string | null; weight?: number | null };
}

export interface ObjectNodeLike {
  id: number;
  isPublic: boolean;
  content: {
    name?: string;
    weight?: number | null;
    projects?: readonly Ref[] | null;
    object_data?: {
      room_count?: number | null;
      price?: number | null;
      type?: ObjectType | string | null;
      status?: ObjectStatus | string | null;
    } | null;
  };
}

/** §4 "Project status: available (default, 'Verfügbar'), booked ('Ausgebucht'), planned ('In Planung')." */
export function projectStatusLabel(status: string | null | undefined): string {
  if (status === 'booked') return text('projectStatusBooked');
  if (status === 'planned') return text('projectStatusPlanned');
  return text('projectStatusAvailable');
}

/** §4 "Object status: available ('Frei', default), reserved ('Reserviert'), sold ('Nicht mehr verfügbar')." */
export function objectStatusLabel(status: string | null | undefined): string {
  if (status === 'reserved') return text('objectStatusReserved');
  if (status === 'sold') return text('objectStatusSold');
  return text('objectStatusAvailable');
}

/** §4 "Object type: rent ('Miete', default), buy ('Kauf')." */
export function objectTypeLabel(type: string | null | undefined): string {
  return type === 'buy' ? text('objectTypeBuy') : text('objectTypeRent');
}

export type StatusColor = 'green' | 'yellow' | 'red' | 'gray';

/** §4 "Status dot colours: available green, reserved yellow, sold red, anything else gray." */
export function statusColor(status: string | null | undefined): StatusColor {
  if (status === 'available') return 'green';
  if (status === 'reserved') return 'yellow';
  if (status === 'sold') return 'red';
  return 'gray';
}

/** §5 "Object price: missing or zero displays 'Preis auf Anfrage'" */
export function objectPriceText(price: number | null | undefined, currency = 'EUR'): string {
  return price === null || price === undefined || price === 0 || Number.isNaN(price)
    ? text('priceOnRequest')
    : formatPrice(price, currency);
}

/** §4 "A project is 'new' when created within the last 4 weeks." (less than 28 × 24 hours before now) */
export function isProjectNew(createdAt: string | Date | null | undefined, now: Date): boolean {
  if (!createdAt) return false;
  const created = createdAt instanceof Date ? createdAt.getTime() : Date.parse(createdAt);
  if (Number.isNaN(created)) return false;
  return now.getTime() - created < PROJECT_NEW_WEEKS * 7 * 86_400_000;
}

const defaultWeight = (item: unknown): number | null | undefined => {
  const o = item as { weight?: number | null; content?: { weight?: number | null } };
  return o.weight ?? o.content?.weight;
};

/** §9 "projects and objects by weight, highest first (missing weight counts as 0)"; stable for equal weights. */
export function sortByWeight<T>(
  items: readonly T[],
  weightOf: (item: T) => number | null | undefined = defaultWeight,
): T[] {
  return [...items].sort((a, b) => (weightOf(b) ?? 0) - (weightOf(a) ?? 0));
}

/** §9 "references by id, newest first" */
export function sortReferences<T extends { id: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => b.id - a.id);
}

/**
 * §4 "Projects overview with no filter shows all public projects except booked ones. With a status filter
 * it shows projects with that status; a project without status counts as available."
 */
export function filterProjects<P extends ProjectNodeLike>(projects: readonly P[], status?: ProjectStatus | null): P[] {
  return projects.filter((p) => {
    if (!p.isPublic) return false;
    const own = p.content.status || 'available';
    return status ? own === status : own !== 'booked';
  });
}

/** §4 "Available objects of a project: public objects that are available or have no status and that reference the project." */
export function availableObjects<O extends ObjectNodeLike>(objects: readonly O[], projectId: number): O[] {
  return objects.filter((o) => {
    const status = o.content.object_data?.status;
    return (
      o.isPublic &&
      (!status || status === 'available') &&
      (o.content.projects ?? []).some((r) => refId(r) === projectId)
    );
  });
}

/** §2.9 "count of available objects ('Objekt' or 'Objekte' then 'verfügbar')": '1 Objekt verfügbar', '3 Objekte verfügbar'. */
export function availableObjectsText(count: number): string {
  return `${count} ${count === 1 ? text('objectSingular') : text('objectPlural')} ${text('available')}`;
}

/** §9 "Room count: one object shows its count, several show a range min-max." Objects without a count are ignored. */
export function roomCountRange(objects: readonly ObjectNodeLike[]): { min: number; max: number; count: number } | null {
  const counts = objects
    .map((o) => o.content.object_data?.room_count)
    .filter((n): n is number => typeof n === 'number' && Number.isFinite(n));
  if (counts.length === 0) return null;
  return { min: Math.min(...counts), max: Math.max(...counts), count: counts.length };
}

/**
 * §2.9 room count '{n}-Zimmer-Wohnung' or 'Wohnungen': one object '3-Zimmer-Wohnung'; several
 * '2-4-Zimmer-Wohnungen' ('3-Zimmer-Wohnungen' when all have the same count); none: null.
 */
export function roomCountText(objects: readonly ObjectNodeLike[]): string | null {
  const range = roomCountRange(objects);
  if (!range) return null;
  const n = range.min === range.max ? String(range.min) : `${range.min}-${range.max}`;
  const single = text('roomCount', { n });
  return range.count === 1 ? single : single.replace(/Wohnung$/, text('flats'));
}

/** §2.9 "References overview: newest first, 6 shown, toggle 'Alle anzeigen' or 'Weniger anzeigen' when more than 6 exist." */
export function visibleReferences<T extends { id: number }>(references: readonly T[], expanded: boolean): T[] {
  const sorted = sortReferences(references);
  return expanded ? sorted : sorted.slice(0, REFERENCES_INITIAL);
}

export function referencesToggleLabel(total: number, expanded: boolean): string | null {
  if (total <= REFERENCES_INITIAL) return null;
  return expanded ? text('referencesShowLess') : text('referencesShowAll');
}

/** §2.9 "filter tabs 'Alle Projekte', 'Verfügbar', 'In Planung'" (status null: all). */
export const PROJECT_FILTER_TABS: ReadonlyArray<{ status: ProjectStatus | null; label: string }> = [
  { status: null, label: text('projectsFilterAll') },
  { status: 'available', label: text('projectsFilterAvailable') },
  { status: 'planned', label: text('projectsFilterPlanned') },
];
