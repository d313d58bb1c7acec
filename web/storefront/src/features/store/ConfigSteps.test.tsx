import { TEXTAREA_ROWS } from '@shop/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setInitData } from '../../api/init';
import { resetCartStore } from '../../state/cart-store';
import { initData, menu, product } from '../../test/fixtures';
import { StorePage } from './StorePage';

/** A product with the four step types the other tests do not cover: textarea, images, file, files (§2.6, §5). */
const cake = product({
  id: 13,
  name: 'Torte',
  type: 'configurable',
  price: 30,
  config: {
    parts: {
      widmung: {
        type: 'textarea',
        name: 'Widmung',
        description: 'Text auf der Torte',
        optional: false,
        options: [],
        maxLength: 40,
      },
      fotos: { type: 'images', name: 'Fotos', description: null, optional: true, options: [] },
      vorlage: { type: 'file', name: 'Vorlage', description: null, optional: false, options: [] },
      dateien: { type: 'files', name: 'Dateien', description: null, optional: true, options: [] },
    },
  },
});

function renderCake() {
  const data = initData({
    products: [cake],
    menus: [{ ...menu, catalog: { categories: [{ id: 1, products: [{ id: 13, isEnabled: true, schedule: null }] }] } }],
  });
  setInitData(data);
  render(
    <MemoryRouter initialEntries={['/store/wien']}>
      <Routes>
        <Route path="/store/:branchIdentifier" element={<StorePage />} />
      </Routes>
    </MemoryRouter>,
  );
}

let nextId = 20;
/** POST /api/uploads answering like the gateway: an upload per data-URL (or a failure for the names given). */
function uploadsApi(failing: string[] = []) {
  const fetchMock = vi.fn<typeof fetch>(async (_url, init) => {
    const body = JSON.parse(String(init!.body)) as { data: string; filename: string };
    if (failing.includes(body.filename)) return new Response(JSON.stringify({ message: 'Fehler' }), { status: 500 });
    const extension = body.filename.split('.').pop()!;
    const mimeType = body.data.slice(5, body.data.indexOf(';'));
    return new Response(
      JSON.stringify({ data: { id: nextId++, version: 1, extension, publicHash: 'hash', mimeType } }),
      { status: 201 },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });
const input = (part: string) => document.getElementById(`upload-${part}`) as HTMLInputElement;

describe('configuration steps textarea, images, file and files (§2.6, §5 uploads)', () => {
  beforeEach(() => {
    resetCartStore();
    nextId = 20;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('requires the textarea and the file; sends each file as a data-URL and shows previews for images only', async () => {
    const fetchMock = uploadsApi();
    const user = userEvent.setup();
    renderCake();
    await user.click(screen.getByRole('button', { name: 'Torte: Auswählen' }));
    const dialog = screen.getByRole('dialog', { name: 'Torte' });
    const add = within(dialog).getByRole('button', { name: 'Zum Warenkorb hinzufügen' }) as HTMLButtonElement;
    const textarea = within(dialog).getByLabelText(/Widmung/) as HTMLTextAreaElement;
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(Number(textarea.getAttribute('rows'))).toBe(TEXTAREA_ROWS);
    // the step's limit holds in the browser as on the server (both judge with the domain's isStepValid)
    expect(textarea.maxLength).toBe(40);
    // multiple files only for 'images' and 'files'; image parts accept only images (§5)
    expect([input('fotos').multiple, input('vorlage').multiple, input('dateien').multiple]).toEqual([
      true,
      false,
      true,
    ]);
    expect(input('fotos').accept).toBe('.jpg,.jpeg,.png,.gif');
    expect(input('dateien').accept).toContain('.pdf');

    await user.type(textarea, 'Alles Gute!');
    expect(add.disabled).toBe(true); // the file is still missing
    await user.upload(input('vorlage'), pdf('plan.pdf'));
    await within(dialog).findByText('plan.pdf'); // the customer's file name, not the stored file's '20.pdf'
    expect(add.disabled).toBe(false);
    const sent = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body)) as { data: string; filename: string };
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/uploads');
    expect(fetchMock.mock.calls[0]![1]!.method).toBe('POST');
    expect(sent.filename).toBe('plan.pdf');
    expect(sent.data).toBe(`data:application/pdf;base64,${btoa('%PDF-1.4')}`);
    // no preview for a pdf
    expect(within(dialog).queryAllByRole('img', { hidden: true })).toHaveLength(0);

    await user.upload(input('fotos'), [png('a.png'), png('b.png')]);
    await waitFor(() => expect(dialog.querySelectorAll('.upload__list img')).toHaveLength(2));
    expect(
      [...dialog.querySelectorAll<HTMLImageElement>('.upload__list img')].map((i) => i.getAttribute('src')),
    ).toEqual(['/upload/hash/21-1.png', '/upload/hash/22-1.png']);
    // a second choice adds to an 'images' step instead of replacing it
    await user.upload(input('fotos'), png('c.png'));
    await waitFor(() => expect(dialog.querySelectorAll('.upload__list img')).toHaveLength(3));
    // each upload can be removed again ('Entfernen', not the dialog's 'Schließen')
    await user.upload(input('fotos'), png('d.png'));
    await waitFor(() => expect(dialog.querySelectorAll('.upload__list img')).toHaveLength(4));
    const remove = within(dialog).getByRole('button', { name: 'd.png entfernen' });
    expect(remove.textContent).toBe('Entfernen');
    await user.click(remove);
    expect(dialog.querySelectorAll('.upload__list img')).toHaveLength(3);
    await user.upload(input('dateien'), [pdf('x.pdf'), pdf('y.pdf')]);
    await within(dialog).findByText('y.pdf');

    await user.click(add);
    const parts = JSON.parse(sessionStorage.getItem('cart:wien')!).items[0].parts;
    expect(parts.widmung).toBe('Alles Gute!');
    expect(parts.vorlage).toEqual([
      expect.objectContaining({ id: 20, extension: 'pdf', publicHash: 'hash', filename: 'plan.pdf' }),
    ]);
    expect(parts.fotos.map((u: { id: number }) => u.id)).toEqual([21, 22, 23]);
    expect(parts.dateien.map((u: { id: number }) => u.id)).toEqual([25, 26]);
    // the cart line names the files as the customer chose them
    expect([...document.querySelectorAll('.cart-item__part')].map((p) => p.textContent)).toContain(
      'Dateien: x.pdf, y.pdf',
    );
  });

  it('shows the §5 alert when the upload request fails, and keeps what was uploaded before', async () => {
    uploadsApi(['kaputt.png']);
    const user = userEvent.setup();
    renderCake();
    await user.click(screen.getByRole('button', { name: 'Torte: Auswählen' }));
    const dialog = screen.getByRole('dialog', { name: 'Torte' });
    await user.upload(input('fotos'), png('gut.png'));
    await waitFor(() => expect(dialog.querySelectorAll('.upload__list img')).toHaveLength(1));
    await user.upload(input('fotos'), png('kaputt.png'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Die ausgewählte Datei "kaputt.png" kann nicht verarbeitet werden. Möglicherweise ist die Datei zu groß oder der Dateityp wird nicht erkannt.',
    );
    expect(dialog.querySelectorAll('.upload__list img')).toHaveLength(1);
  });
});
