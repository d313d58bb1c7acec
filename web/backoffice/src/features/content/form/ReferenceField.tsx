import type { ContentNode, ReferenceTarget, Site, Block } from '@shop/contracts';
import { contentBuilderTexts, format } from '@shop/i18n-de';
import { useState } from 'react';
import useSWR from 'swr';
import { api, apiUrl } from '../../../api/client';
import { labelled, Options } from '../../../ui/Options';
import { NamedLabel } from '../../../ui/NamedLabel';

const C = contentBuilderTexts.form;

/** §3 "Reference value: id and type (node, site or block)". */
export interface ReferenceValue {
  id: number;
  type: 'node' | 'site' | 'block';
}
const isReference = (v: unknown): v is ReferenceValue =>
  !!v && typeof v === 'object' && Number.isInteger((v as ReferenceValue).id);

/** What a reference target is called in lists: a site by name and path, a node by its content's name. */
export function referenceLabel(entity: Site | ContentNode | Block, type: ReferenceValue['type']): string {
  if (type === 'site') return `${(entity as Site).name} (${(entity as Site).path})`;
  if (type === 'block') return (entity as Block).identifier;
  const node = entity as ContentNode;
  const name = typeof node.content.name === 'string' ? node.content.name : '';
  return `${C.referenceTypes[node.type]}: ${name || node.identifier || node.id}`;
}

const storedType = (target: ReferenceTarget): ReferenceValue['type'] =>
  target === 'site' || target === 'block' ? target : 'node';

/** The list a target's candidates come from, searched by the typed text. */
function searchUrl(target: ReferenceTarget, search: string) {
  const query = { search: search || undefined, perPage: 20 };
  if (target === 'site') return apiUrl('/api/sites', {}, query);
  if (target === 'block') return apiUrl('/api/blocks', {}, query);
  return apiUrl('/api/nodes', {}, { ...query, type: target });
}

/** The chosen target, loaded by id to show its name. */
function useChosen(value: unknown) {
  const ref = isReference(value) ? value : null;
  const url = !ref
    ? null
    : ref.type === 'site'
      ? apiUrl('/api/sites/{id}', { id: ref.id })
      : ref.type === 'block'
        ? apiUrl('/api/blocks/{id}', { id: ref.id })
        : apiUrl('/api/nodes/{id}', { id: ref.id });
  const { data, error } = useSWR(url, (u: string) => api.get(u as never) as Promise<Site | ContentNode | Block>, {
    revalidateOnFocus: false,
  });
  if (!ref) return null;
  return data ? referenceLabel(data, ref.type) : error ? `#${ref.id}` : `#${ref.id} …`;
}

/** A reference field: the chosen node, site or block, and a search among the kinds the field accepts. */
export function ReferenceField({
  id,
  label,
  accepts,
  value,
  onChange,
}: {
  id: string;
  label: string;
  accepts: readonly ReferenceTarget[];
  value: unknown;
  onChange: (v: unknown) => void;
}) {
  const [open, setOpen] = useState(false);
  // the kind and the search stay as they were when the picker opens again
  const search = useState('');
  const target = useState<ReferenceTarget>(accepts[0] ?? 'site');
  const chosen = useChosen(value);
  return (
    <fieldset className="reference-field" id={id}>
      <legend>{label}</legend>
      <p>
        {chosen ? format(C.referenceChosen, { label: chosen }) : C.referenceNone}{' '}
        {chosen && (
          <button type="button" onClick={() => onChange(undefined)}>
            {C.referenceClear}
            <span className="sr-only"> ({label})</span>
          </button>
        )}{' '}
        <button type="button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {C.referenceChoose}
          <span className="sr-only"> ({label})</span>
        </button>
      </p>
      {open && (
        <ReferencePicker
          id={id}
          label={label}
          accepts={accepts}
          search={search}
          target={target}
          onPick={(picked) => {
            onChange(picked);
            setOpen(false);
          }}
        />
      )}
    </fieldset>
  );
}

/** The search among the kinds a reference accepts (the kind chosen first where there are several). */
function ReferencePicker({
  id,
  label,
  accepts,
  search: [search, setSearch],
  target: [target, setTarget],
  onPick,
}: {
  id: string;
  label: string;
  accepts: readonly ReferenceTarget[];
  search: [string, (search: string) => void];
  target: [ReferenceTarget, (target: ReferenceTarget) => void];
  onPick: (picked: ReferenceValue) => void;
}) {
  const { data: found } = useSWR(
    searchUrl(target, search.trim()),
    (u: string) => api.get(u as never) as Promise<Array<Site | ContentNode | Block>>,
    { keepPreviousData: true },
  );
  return (
    <div className="reference-picker">
      {accepts.length > 1 && (
        <p>
          <label htmlFor={`${id}-target`}>{C.referenceType}</label>{' '}
          <select id={`${id}-target`} value={target} onChange={(e) => setTarget(e.target.value as ReferenceTarget)}>
            <Options choices={labelled(accepts, C.referenceTypes)} />
          </select>
        </p>
      )}
      <p>
        <NamedLabel htmlFor={`${id}-search`} field={label}>
          {C.referenceSearch}
        </NamedLabel>{' '}
        <input
          id={`${id}-search`}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          // the results follow the typing; Enter must not submit (and save) the editor's form around it
          onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
        />
      </p>
      {found && found.length === 0 && <p>{C.referenceNoResults}</p>}
      <ul className="reference-results">
        {found?.map((entity) => (
          <li key={entity.id}>
            <button type="button" onClick={() => onPick({ id: entity.id, type: storedType(target) })}>
              {referenceLabel(entity, storedType(target))}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
