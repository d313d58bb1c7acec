import type { Image } from '@shop/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ImageGrid } from './ImageGrid';

const IMAGE = {
  id: 12,
  version: 3,
  extension: 'png',
  mimeType: 'image/png',
  name: 'Hausansicht',
  alt: '',
  width: 2400,
  height: 1600,
  size: 12345,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
} as Image;

function setup() {
  const actions = {
    onSave: vi.fn(async () => true),
    onReplace: vi.fn(async () => undefined),
    onDelete: vi.fn(),
  };
  render(<ImageGrid images={[IMAGE, { ...IMAGE, id: 13, version: 1, name: '' }]} {...actions} />);
  return actions;
}

describe('image grid', () => {
  it('shows each image with its six sizes as srcset and as a list, its name and pixels', () => {
    setup();
    const card = screen.getByRole('listitem', { name: 'Hausansicht' });
    // its alternative text is empty (decorative) until an editor sets one: the heading names it
    const img = card.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/image/small/12-3.png');
    expect(img.getAttribute('srcset')).toBe(
      '/image/icon/12-3.png 64w, /image/thumbnail/12-3.png 128w, /image/tiny/12-3.png 256w, ' +
        '/image/small/12-3.png 640w, /image/medium/12-3.png 1280w, /image/large/12-3.png 1920w',
    );
    const sizes = within(within(card).getByRole('list', { name: 'Größen: Hausansicht' })).getAllByRole('link');
    expect(sizes.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['icon: 64 px breit', '/image/icon/12-3.png'],
      ['thumbnail: 128 px breit', '/image/thumbnail/12-3.png'],
      ['tiny: 256 px breit', '/image/tiny/12-3.png'],
      ['small: 640 px breit', '/image/small/12-3.png'],
      ['medium: 1280 px breit', '/image/medium/12-3.png'],
      ['large: 1920 px breit', '/image/large/12-3.png'],
      ['Original', '/image/12-3.png'],
    ]);
    expect(within(card).getByText('2400 × 1600 px · PNG')).toBeTruthy();
    // an image without a name is called by its number
    expect(screen.getByRole('listitem', { name: 'Bild 13' })).toBeTruthy();
  });

  it('saves name and alternative text (only once changed)', async () => {
    const user = userEvent.setup();
    const actions = setup();
    const card = screen.getByRole('listitem', { name: 'Hausansicht' });
    const save = within(card).getByRole('button', { name: 'Speichern (Hausansicht)' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.type(within(card).getByLabelText('Alternativtext'), 'Haus mit Garten');
    await user.clear(within(card).getByLabelText('Name'));
    await user.type(within(card).getByLabelText('Name'), 'Haus');
    await user.click(save);
    expect(actions.onSave).toHaveBeenCalledWith(IMAGE, { name: 'Haus', alt: 'Haus mit Garten' });
  });

  it('replaces the file of the same image and asks before deleting', async () => {
    const user = userEvent.setup();
    const actions = setup();
    const file = new File([new Uint8Array([1, 2, 3])], 'neu.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Datei ersetzen (Hausansicht)'), file);
    expect(actions.onReplace).toHaveBeenCalledWith(IMAGE, file);
    await user.click(screen.getByRole('button', { name: 'Löschen (Bild 13)' }));
    expect(actions.onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 13 }));
  });
});
