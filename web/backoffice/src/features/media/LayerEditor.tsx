import type { FontFamilyInfo, Image, TemplateLayer } from '@shop/contracts';
import { format, mediaTexts } from '@shop/i18n-de';
import { useState } from 'react';
import { imageLabel } from './ImageGrid';

const L = mediaTexts.layers;
type TextLayer = Extract<TemplateLayer, { type: 'text' }>;
type ImageLayer = Extract<TemplateLayer, { type: 'image' }>;

/** A new layer of a kind, with the contract's defaults (an image layer takes the library's first image). */
export function newLayer(type: TemplateLayer['type'], images: readonly Image[]): TemplateLayer {
  if (type === 'image') return { type, image: images[0]?.id ?? 0, x: 0, y: 0, width: null, height: null };
  return {
    type,
    text: '',
    x: 0,
    y: 0,
    width: null,
    fontFamily: '',
    fontVariant: 'regular',
    fontSize: 32,
    color: '#000000',
  };
}

/** The list with the layer at `from` moved to `to` (both inside the list). */
export function moveLayer<T>(layers: readonly T[], from: number, to: number): T[] {
  const next = [...layers];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

const toSize = (raw: string) => (raw.trim() === '' ? null : Math.round(Number(raw)));

/**
 * The layers of an image template, bottom first: image layers (a picture of the library at x/y, scaled to
 * width/height) and text layers (text, font family and variant from GET /api/fonts, size, colour, position, wrap
 * width). Layers are added, removed and moved up or down; a move is announced. Errors arrive by path
 * (`layers.2.text`) and show at their field.
 */
export function LayerEditor({
  layers,
  onChange,
  images,
  fonts,
  errors = {},
}: {
  layers: TemplateLayer[];
  onChange: (layers: TemplateLayer[]) => void;
  images: readonly Image[];
  fonts: readonly FontFamilyInfo[];
  errors?: Record<string, string>;
}) {
  const [announcement, setAnnouncement] = useState('');
  const set = (i: number, patch: Partial<TextLayer> | Partial<ImageLayer>) =>
    onChange(layers.map((l, j) => (j === i ? ({ ...l, ...patch } as TemplateLayer) : l)));
  const move = (from: number, to: number) => {
    onChange(moveLayer(layers, from, to));
    setAnnouncement(format(L.moved, { n: from + 1, to: to + 1 }));
  };

  return (
    <section className="layer-editor" aria-labelledby="layers-title">
      <h2 id="layers-title">{L.title}</h2>
      <p className="help">{L.hint}</p>
      {layers.length === 0 && <p>{L.none}</p>}
      <ol className="layer-list">
        {layers.map((layer, i) => {
          const id = `layer-${i}`;
          const title = format(layer.type === 'image' ? L.imageLayer : L.textLayer, { n: i + 1 });
          const field = (name: string, label: string, input: (props: FieldProps) => React.ReactNode) => (
            <LayerField id={`${id}-${name}`} label={label} error={errors[`layers.${i}.${name}`]} input={input} />
          );
          return (
            <li key={i}>
              <fieldset className={Object.keys(errors).some((k) => k.startsWith(`layers.${i}.`)) ? 'has-error' : ''}>
                <legend>{title}</legend>
                {layer.type === 'image' ? (
                  <>
                    {field('image', L.image, (p) => (
                      <select
                        {...p}
                        value={layer.image || ''}
                        onChange={(e) => set(i, { image: Number(e.target.value) })}
                      >
                        <option value="">{L.chooseImage}</option>
                        {images.map((img) => (
                          <option key={img.id} value={img.id}>
                            {imageLabel(img)}
                          </option>
                        ))}
                      </select>
                    ))}
                    {field('width', L.width, (p) => (
                      <input
                        {...p}
                        type="number"
                        min={1}
                        value={layer.width ?? ''}
                        onChange={(e) => set(i, { width: toSize(e.target.value) })}
                      />
                    ))}
                    {field('height', L.height, (p) => (
                      <input
                        {...p}
                        type="number"
                        min={1}
                        value={layer.height ?? ''}
                        onChange={(e) => set(i, { height: toSize(e.target.value) })}
                      />
                    ))}
                  </>
                ) : (
                  <>
                    {field('text', L.text, (p) => (
                      <textarea
                        {...p}
                        rows={2}
                        maxLength={1000}
                        value={layer.text}
                        onChange={(e) => set(i, { text: e.target.value })}
                      />
                    ))}
                    {field('fontFamily', L.font, (p) => (
                      <select
                        {...p}
                        value={layer.fontFamily}
                        onChange={(e) => {
                          const family = fonts.find((f) => f.family === e.target.value);
                          const variant =
                            family && !family.variants.includes(layer.fontVariant) ? family.variants[0] : undefined;
                          set(i, { fontFamily: e.target.value, ...(variant ? { fontVariant: variant } : {}) });
                        }}
                      >
                        <option value="">{L.systemFont}</option>
                        {fonts.map((f) => (
                          <option key={f.family} value={f.family}>
                            {f.family}
                          </option>
                        ))}
                      </select>
                    ))}
                    {field('fontVariant', L.variant, (p) => (
                      <select
                        {...p}
                        value={layer.fontVariant}
                        onChange={(e) => set(i, { fontVariant: e.target.value })}
                      >
                        {(fonts.find((f) => f.family === layer.fontFamily)?.variants ?? ['regular']).map((v) => (
                          <option key={v} value={v}>
                            {v}
                          </option>
                        ))}
                      </select>
                    ))}
                    {field('fontSize', L.fontSize, (p) => (
                      <IntInput
                        {...p}
                        min={4}
                        max={400}
                        value={layer.fontSize}
                        fallback={32}
                        onValue={(n) => set(i, { fontSize: n })}
                      />
                    ))}
                    {field('color', L.color, (p) => (
                      <input
                        {...p}
                        type="color"
                        value={layer.color}
                        onChange={(e) => set(i, { color: e.target.value })}
                      />
                    ))}
                    {field('width', L.textWidth, (p) => (
                      <input
                        {...p}
                        type="number"
                        min={1}
                        value={layer.width ?? ''}
                        onChange={(e) => set(i, { width: toSize(e.target.value) })}
                      />
                    ))}
                  </>
                )}
                {field('x', L.x, (p) => (
                  <IntInput {...p} min={0} value={layer.x} fallback={0} onValue={(n) => set(i, { x: n })} />
                ))}
                {field('y', L.y, (p) => (
                  <IntInput {...p} min={0} value={layer.y} fallback={0} onValue={(n) => set(i, { y: n })} />
                ))}
                <div className="collection-item-actions">
                  <button type="button" disabled={i === 0} onClick={() => move(i, i - 1)}>
                    {L.up}
                    <span className="sr-only"> ({title})</span>
                  </button>
                  <button type="button" disabled={i === layers.length - 1} onClick={() => move(i, i + 1)}>
                    {L.down}
                    <span className="sr-only"> ({title})</span>
                  </button>
                  <button type="button" className="danger" onClick={() => onChange(layers.filter((_, j) => j !== i))}>
                    {L.remove}
                    <span className="sr-only"> ({title})</span>
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <p className="sr-only" role="status">
        {announcement}
      </p>
      <div className="form-actions">
        <button type="button" onClick={() => onChange([...layers, newLayer('image', images)])}>
          {L.addImage}
        </button>
        <button type="button" onClick={() => onChange([...layers, newLayer('text', images)])}>
          {L.addText}
        </button>
      </div>
    </section>
  );
}

/**
 * A whole number that may be emptied while typing: the text stays as typed, the layer gets the number (or the
 * contract's default while empty), and a value changed from outside (a layer moved) replaces the text.
 */
function IntInput({
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

interface FieldProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

function LayerField({
  id,
  label,
  error,
  input,
}: {
  id: string;
  label: string;
  error: string | undefined;
  input: (props: FieldProps) => React.ReactNode;
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
