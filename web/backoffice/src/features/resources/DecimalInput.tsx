import { useEffect, useState, type InputHTMLAttributes } from 'react';

/** Numbers as typed: a German decimal comma is accepted; anything else goes to the server, which says what is wrong. */
export function parseNumber(v: string, nullable: boolean): unknown {
  if (v.trim() === '') return nullable ? null : v;
  const n = Number(v.replace(',', '.'));
  return Number.isFinite(n) ? n : v;
}

/** A stored number written the German way (11.5 → '11,5'); what the server refused stays as typed. */
const shown = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'number'
      ? String(value).replace('.', ',')
      : String(value);

/**
 * A number field that keeps the text as typed: '2,' (on the way to '2,5') already means 2, so re-rendering the
 * parsed value would drop the comma. Changes from outside (load, paste, another row removed) replace the text.
 */
export function DecimalInput({
  value,
  nullable,
  onValue,
  ...rest
}: { value: unknown; nullable: boolean; onValue: (v: unknown) => void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'type'
>) {
  const [text, setText] = useState(() => shown(value));
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the typed text follows a value changed from outside (see above)
    setText((current) => (Object.is(parseNumber(current, nullable), value) ? current : shown(value)));
  }, [value, nullable]);
  return (
    <input
      {...rest}
      type="text"
      inputMode="decimal"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onValue(parseNumber(e.target.value, nullable));
      }}
    />
  );
}
