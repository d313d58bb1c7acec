import { useContext } from 'react';
import { T } from '../../../texts';
import { ErrorText } from '../ErrorText';
import { FormEntityContext } from '../form-context';

function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** A branch's or device's API key: shown to staff, replaceable; for branches, links to the counter screens. */
export function ApiKeyField({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: unknown;
  onChange: (v: unknown) => void;
  error?: string;
}) {
  const { resource, entity } = useContext(FormEntityContext);
  const key = typeof value === 'string' ? value : '';
  const saved = typeof entity?.apiKey === 'string' && entity.apiKey === key && typeof entity.id === 'number';
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={key}
        aria-describedby={`${id}-help`}
        spellCheck={false}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      />
      <p className="help" id={`${id}-help`}>
        {T.apiKey.hint}
      </p>
      <button type="button" onClick={() => onChange(newKey())}>
        {T.apiKey.generate}
      </button>
      {resource === 'branches' && saved && entity && (
        <p>
          <a href={`/backend#/frontdesk/${entity.id}/${key}`} target="_blank" rel="noreferrer">
            {T.apiKey.frontdesk}
          </a>
          {' · '}
          <a href={`/backend#/counter/${entity.id}/${key}`} target="_blank" rel="noreferrer">
            {T.apiKey.counter}
          </a>
        </p>
      )}
      <ErrorText id={id} message={error} />
    </div>
  );
}
