import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../api/client';
import { renderScreen } from '../../test/render-screen';
import UploadsPage from './UploadsPage';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const UPLOAD = {
  id: 7,
  version: 1,
  extension: 'pdf',
  publicHash: 'h'.repeat(22),
  mimeType: 'application/pdf',
  size: 2048,
  originalName: 'scan0001.pdf',
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  url: `/upload/${'h'.repeat(22)}/7-1.pdf`,
  previewUrl: null,
};

/** issue 42 item 7: uploads can be renamed, not only deleted */
describe('uploads screen: rename', () => {
  let name: string;
  let sent: unknown[];
  beforeEach(() => {
    setCsrfToken('t');
    name = UPLOAD.originalName;
    sent = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url.startsWith('/api/uploads?'))
          return json({ data: [{ ...UPLOAD, originalName: name }], meta: { total: 1, page: 1, perPage: 50 } });
        if (url === '/api/uploads/7/rename') {
          const body = JSON.parse(String(init?.body)) as { originalName: string };
          sent.push(body);
          if (!body.originalName.trim())
            return json(
              {
                code: 'VALIDATION_FAILED',
                message: 'Dieser Wert sollte nicht leer sein.',
                errors: [{ field: 'originalName', message: 'Dieser Wert sollte nicht leer sein.' }],
              },
              422,
            );
          name = body.originalName.trim();
          return json({ data: { ...UPLOAD, originalName: name } });
        }
        return json({ data: null });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("renames an upload: the server's German error at the field, then the new name in the list", async () => {
    const user = userEvent.setup();
    renderScreen(<UploadsPage />, '/media/uploads');
    await user.click(await screen.findByRole('button', { name: 'Umbenennen (scan0001.pdf)' }));
    const dialog = screen.getByRole('dialog', { name: 'Upload „scan0001.pdf“ umbenennen' });
    const field = within(dialog).getByLabelText('Neuer Name');
    expect((field as HTMLInputElement).value).toBe('scan0001.pdf');
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByText('Dieser Wert sollte nicht leer sein.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await user.type(field, 'Logo Hochzeitstorte.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Upload wurde umbenannt.')).toBeTruthy();
    expect(await screen.findByRole('cell', { name: 'Logo Hochzeitstorte.pdf' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toEqual([{ originalName: '' }, { originalName: 'Logo Hochzeitstorte.pdf' }]);
  });
});
