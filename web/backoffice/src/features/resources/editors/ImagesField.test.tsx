import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../../api/client';
import { ImagesField } from './ImagesField';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'brezel.png', { type: 'image/png' });
const stored = {
  id: 7,
  version: 1,
  extension: 'png',
  alt: 'Alt',
  name: 'brezel.png',
  width: 320,
  height: 240,
  mimeType: 'image/png',
  size: 4,
};

describe('ImagesField', () => {
  beforeEach(() => setCsrfToken('token-1'));
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('uploads a chosen file as a data-URL and adds its reference to the list', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(201, { data: stored }));
    const onChange = vi.fn();
    const existing = { id: 3, version: 2, extension: 'svg', alt: 'Logo' };
    render(<ImagesField id="f-images" label="Bilder" value={[existing]} multiple onChange={onChange} />);
    await userEvent.upload(screen.getByLabelText('Bild hochladen (Bilder)'), png());
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith([existing, { id: 7, version: 1, extension: 'png', alt: 'Alt' }]),
    );
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/images');
    expect(JSON.parse(String(init!.body))).toEqual({ data: 'data:image/png;base64,iVBORw==', name: 'brezel.png' });
  });

  it("shows the server's German message, or the §8 default when there is none", async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(
        json(422, {
          code: 'VALIDATION_FAILED',
          message: 'Diese Datei ist kein gültiges Bild.',
          errors: [{ field: 'data', message: 'Diese Datei ist kein gültiges Bild.' }],
        }),
      )
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const onChange = vi.fn();
    render(<ImagesField id="f-image" label="Bild" value={null} multiple={false} onChange={onChange} />);
    const input = screen.getByLabelText('Bild hochladen (Bild)');
    await userEvent.upload(input, png());
    expect((await screen.findByRole('alert')).textContent).toBe('Diese Datei ist kein gültiges Bild.');
    await userEvent.upload(input, png());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Bild konnte nicht erstellt werden.'));
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('edits the alternative text of a reference and removes it', async () => {
    const onChange = vi.fn();
    render(
      <ImagesField
        id="f-logo"
        label="Logo"
        value={{ id: 3, version: 1, extension: 'svg', alt: '' }}
        multiple={false}
        onChange={onChange}
      />,
    );
    await userEvent.type(screen.getByLabelText('Alternativtext (Logo 1)'), 'L');
    expect(onChange).toHaveBeenLastCalledWith({ id: 3, version: 1, extension: 'svg', alt: 'L' });
    await userEvent.click(screen.getByRole('button', { name: 'Bild entfernen 1' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
