import type { FontFamilyInfo, Image, TemplateLayer } from '@shop/contracts';
import { format, mediaTexts } from '@shop/i18n-de';
import { useState, type ReactNode } from 'react';
import { ItemButtons } from '../content/form/sortable-tools';
import { imageLabel } from './ImageGrid';
import { IntInput, LayerField, SizeInput, type FieldProps } from './layer-inputs';
import { byId, Options, plain } from '../../ui/Options';

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
        {layers.map((layer, i) => (
          <LayerItem
            key={i}
            layer={layer}
            i={i}
            last={i === layers.length - 1}
            images={images}
            fonts={fonts}
            errors={errors}
            onSet={(patch) => onChange(layers.map((l, j) => (j === i ? ({ ...l, ...patch } as TemplateLayer) : l)))}
            onMove={(to) => move(i, to)}
            onRemove={() => onChange(layers.filter((_, j) => j !== i))}
          />
        ))}
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

type Patch = Partial<TextLayer> | Partial<ImageLayer>;
/** a labelled field of a layer, its error by path (`layers.2.text`) below it */
type FieldOf = (name: string, label: string, input: (props: FieldProps) => ReactNode) => ReactNode;

/** One layer: its kind's fields, its position, and move up, move down and remove. */
function LayerItem({
  layer,
  i,
  last,
  images,
  fonts,
  errors,
  onSet,
  onMove,
  onRemove,
}: {
  layer: TemplateLayer;
  i: number;
  last: boolean;
  images: readonly Image[];
  fonts: readonly FontFamilyInfo[];
  errors: Record<string, string>;
  onSet: (patch: Patch) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const id = `layer-${i}`;
  const title = format(layer.type === 'image' ? L.imageLayer : L.textLayer, { n: i + 1 });
  const field: FieldOf = (name, label, input) => (
    <LayerField id={`${id}-${name}`} label={label} error={errors[`layers.${i}.${name}`]} input={input} />
  );
  return (
    <li>
      <fieldset className={Object.keys(errors).some((k) => k.startsWith(`layers.${i}.`)) ? 'has-error' : ''}>
        <legend>{title}</legend>
        {layer.type === 'image' ? (
          <ImageLayerFields layer={layer} images={images} field={field} onSet={onSet} />
        ) : (
          <TextLayerFields layer={layer} fonts={fonts} field={field} onSet={onSet} />
        )}
        {field('x', L.x, (p) => (
          <IntInput {...p} min={0} value={layer.x} fallback={0} onValue={(n) => onSet({ x: n })} />
        ))}
        {field('y', L.y, (p) => (
          <IntInput {...p} min={0} value={layer.y} fallback={0} onValue={(n) => onSet({ y: n })} />
        ))}
        <div className="collection-item-actions">
          <ItemButtons
            item={title}
            actions={[
              { label: L.up, onClick: () => onMove(i - 1), disabled: i === 0 },
              { label: L.down, onClick: () => onMove(i + 1), disabled: last },
              { label: L.remove, onClick: onRemove, danger: true },
            ]}
          />
        </div>
      </fieldset>
    </li>
  );
}

/** An image layer: the picture of the library, scaled to width and height. */
function ImageLayerFields({
  layer,
  images,
  field,
  onSet,
}: {
  layer: ImageLayer;
  images: readonly Image[];
  field: FieldOf;
  onSet: (patch: Patch) => void;
}) {
  return (
    <>
      {field('image', L.image, (p) => (
        <select {...p} value={layer.image || ''} onChange={(e) => onSet({ image: Number(e.target.value) })}>
          <option value="">{L.chooseImage}</option>
          <Options choices={byId(images, imageLabel)} />
        </select>
      ))}
      {field('width', L.width, (p) => (
        <SizeInput {...p} value={layer.width} onSize={(width) => onSet({ width })} />
      ))}
      {field('height', L.height, (p) => (
        <SizeInput {...p} value={layer.height} onSize={(height) => onSet({ height })} />
      ))}
    </>
  );
}

/**
 * A text layer: the text, its font family and variant (a family without the chosen variant takes its first), size,
 * colour and wrap width.
 */
function TextLayerFields({
  layer,
  fonts,
  field,
  onSet,
}: {
  layer: TextLayer;
  fonts: readonly FontFamilyInfo[];
  field: FieldOf;
  onSet: (patch: Patch) => void;
}) {
  const chooseFamily = (name: string) => {
    const family = fonts.find((f) => f.family === name);
    const variant = family && !family.variants.includes(layer.fontVariant) ? family.variants[0] : undefined;
    onSet({ fontFamily: name, ...(variant ? { fontVariant: variant } : {}) });
  };
  return (
    <>
      {field('text', L.text, (p) => (
        <textarea
          {...p}
          rows={2}
          maxLength={1000}
          value={layer.text}
          onChange={(e) => onSet({ text: e.target.value })}
        />
      ))}
      {field('fontFamily', L.font, (p) => (
        <select {...p} value={layer.fontFamily} onChange={(e) => chooseFamily(e.target.value)}>
          <option value="">{L.systemFont}</option>
          <Options choices={plain(fonts.map((f) => f.family))} />
        </select>
      ))}
      {field('fontVariant', L.variant, (p) => (
        <select {...p} value={layer.fontVariant} onChange={(e) => onSet({ fontVariant: e.target.value })}>
          <Options choices={plain(fonts.find((f) => f.family === layer.fontFamily)?.variants ?? ['regular'])} />
        </select>
      ))}
      {field('fontSize', L.fontSize, (p) => (
        <IntInput
          {...p}
          min={4}
          max={400}
          value={layer.fontSize}
          fallback={32}
          onValue={(n) => onSet({ fontSize: n })}
        />
      ))}
      {field('color', L.color, (p) => (
        <input {...p} type="color" value={layer.color} onChange={(e) => onSet({ color: e.target.value })} />
      ))}
      {field('width', L.textWidth, (p) => (
        <SizeInput {...p} value={layer.width} onSize={(width) => onSet({ width })} />
      ))}
    </>
  );
}
