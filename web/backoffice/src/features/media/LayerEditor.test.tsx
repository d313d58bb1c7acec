import type { FontFamilyInfo, Image, TemplateLayer } from '@shop/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LayerEditor, moveLayer, newLayer } from './LayerEditor';

const IMAGES = [
  { id: 7, version: 1, extension: 'png', name: 'Logo', alt: '', width: 200, height: 100 },
  { id: 8, version: 2, extension: 'jpg', name: '', alt: '', width: 640, height: 480 },
] as Image[];
const FONTS: FontFamilyInfo[] = [
  { family: 'Open Sans', variants: ['regular', '700'], stored: ['700'] },
  { family: 'Lobster', variants: ['regular'], stored: [] },
];

/** The editor as a screen uses it: the layers in state; `seen` gets every value it hands back. */
function Harness({
  initial = [],
  errors,
  seen,
}: {
  initial?: TemplateLayer[];
  errors?: Record<string, string>;
  seen: TemplateLayer[][];
}) {
  const [layers, setLayers] = useState<TemplateLayer[]>(initial);
  return (
    <LayerEditor
      layers={layers}
      images={IMAGES}
      fonts={FONTS}
      errors={errors}
      onChange={(next) => {
        seen.push(next);
        setLayers(next);
      }}
    />
  );
}
const last = (seen: TemplateLayer[][]) => seen[seen.length - 1]!;

describe('layer editor', () => {
  it('adds an image layer (the first image of the library) and a text layer with font, size, colour and position', async () => {
    const user = userEvent.setup();
    const seen: TemplateLayer[][] = [];
    render(<Harness seen={seen} />);
    expect(screen.getByText('Noch keine Ebenen.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Bildebene hinzufügen' }));
    const imageLayer = screen.getByRole('group', { name: 'Ebene 1: Bild' });
    expect((within(imageLayer).getByLabelText('Bild') as HTMLSelectElement).value).toBe('7');
    await user.selectOptions(within(imageLayer).getByLabelText('Bild'), 'Bild 8');
    await user.type(within(imageLayer).getByLabelText('Breite (px, leer: Originalgröße)'), '320');

    await user.click(screen.getByRole('button', { name: 'Textebene hinzufügen' }));
    const text = screen.getByRole('group', { name: 'Ebene 2: Text' });
    await user.type(within(text).getByLabelText('Text'), 'Sommerfest');
    await user.selectOptions(within(text).getByLabelText('Schriftart'), 'Open Sans');
    await user.selectOptions(within(text).getByLabelText('Schnitt'), '700');
    const size = within(text).getByLabelText('Schriftgröße (px)');
    await user.clear(size);
    await user.type(size, '48');
    const x = within(text).getByLabelText('Links (px)');
    await user.clear(x);
    await user.type(x, '40');
    // a colour picker has no typing: the value arrives as the browser's input event
    fireEvent.input(within(text).getByLabelText('Farbe'), { target: { value: '#ff0000' } });

    expect(last(seen)).toEqual([
      { type: 'image', image: 8, x: 0, y: 0, width: 320, height: null },
      {
        type: 'text',
        text: 'Sommerfest',
        x: 40,
        y: 0,
        width: null,
        fontFamily: 'Open Sans',
        fontVariant: '700',
        fontSize: 48,
        color: '#ff0000',
      },
    ]);
  }, 30_000);

  it('switching to a family without the chosen variant takes its first variant', async () => {
    const user = userEvent.setup();
    const seen: TemplateLayer[][] = [];
    render(
      <Harness
        seen={seen}
        initial={[{ ...newLayer('text', IMAGES), fontFamily: 'Open Sans', fontVariant: '700' } as TemplateLayer]}
      />,
    );
    await user.selectOptions(screen.getByLabelText('Schriftart'), 'Lobster');
    expect(last(seen)[0]).toMatchObject({ fontFamily: 'Lobster', fontVariant: 'regular' });
  });

  it('moves layers up and down (announced) and removes one', async () => {
    const user = userEvent.setup();
    const seen: TemplateLayer[][] = [];
    const a = { ...newLayer('text', IMAGES), text: 'A' } as TemplateLayer;
    const b = newLayer('image', IMAGES);
    const c = { ...newLayer('text', IMAGES), text: 'C' } as TemplateLayer;
    render(<Harness seen={seen} initial={[a, b, c]} />);
    expect((screen.getByRole('button', { name: 'Nach oben (Ebene 1: Text)' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((screen.getByRole('button', { name: 'Nach unten (Ebene 3: Text)' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    await user.click(screen.getByRole('button', { name: 'Nach oben (Ebene 3: Text)' }));
    expect(last(seen)).toEqual([a, c, b]);
    expect(screen.getByRole('status').textContent).toBe('Ebene 3 ist jetzt an Position 2.');
    await user.click(screen.getByRole('button', { name: 'Nach unten (Ebene 1: Text)' }));
    expect(last(seen)).toEqual([c, a, b]);
    await user.click(screen.getByRole('button', { name: 'Entfernen (Ebene 3: Bild)' }));
    expect(last(seen)).toEqual([c, a]);
    expect(screen.queryByRole('group', { name: 'Ebene 3: Bild' })).toBeNull();
  });

  it("shows the server's errors at the layer's field", () => {
    render(
      <Harness
        seen={[]}
        initial={[newLayer('text', IMAGES)]}
        errors={{ 'layers.0.fontSize': 'Der Wert muss mindestens 4 sein.' }}
      />,
    );
    const size = screen.getByLabelText('Schriftgröße (px)');
    expect(size.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(size.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Der Wert muss mindestens 4 sein.',
    );
  });

  it('moveLayer moves one entry and keeps the rest in order', () => {
    expect(moveLayer(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveLayer(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
  });
});
