import { useState, type ReactNode } from 'react';

const toSize = (raw: string) => (raw.trim() === '' ? null : Math.round(Number(raw)));

/** A width or height in pixels that may stay empty (the picture's or the text's own). */
export function SizeInput({
  value,
  onSize,
  ...p
}: FieldProps & { value: number | null; onSize: (n: number | null) => void }) {
  return <input {...p} type="number" min={1} value={value ?? ''} onChange={(e) => onSize(toSize(e.target.value))} />;
}

/**
 * A whole number that may be emptied while typing: the text stays as typed, the layer gets the number (or the
 * contract's default while empty), and a value changed from outside (a layer moved) replaces the text.
 */
export function IntInput({
  value,
  fallback,
  onValue,
  ...props
}: FieldProps & { value: number; fallback: number; onValue: (n: number) => void; min?: number; max?: number }) {
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(String(value));
  }
  return (
    <input
      {...props}
      type="number"
      value={text}
      onChange={(e) => {
        const raw = e.target.value;
        const n = raw.trim() === '' ? fallback : Math.round(Number(raw));
        setText(raw);
        if (Number.isFinite(n)) {
          setShown(n);
          onValue(n);
        }
      }}
    />
  );
}

export interface FieldProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export function LayerField({
  id,
  label,
  error,
  input,
}: {
  id: string;
  label: string;
  error: string | undefined;
  input: (props: FieldProps) => ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {input(error ? { id, 'aria-invalid': true, 'aria-describedby': `${id}-error` } : { id })}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
