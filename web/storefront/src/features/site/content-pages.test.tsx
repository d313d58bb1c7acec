import type { ContentNode } from '@shop/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { setInitData } from '../../api/init';
import { AppRoutes } from '../../app/routes';
import { initData } from '../../test/fixtures';

const stamps = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
const form: ContentNode = {
  id: 40,
  type: 'form',
  isPublic: true,
  identifier: null,
  content: {
    name: 'Kontakt',
    website: 'storefront',
    fields: [
      { kind: 'text', fieldId: 'name', type: 'text', label: 'Ihr Name', isRequired: true },
      { kind: 'text', fieldId: 'message', type: 'textarea', label: 'Nachricht' },
    ],
  },
  ...stamps,
};
const site = (path: string, name: string, body: unknown) => ({
  id: path.length,
  path,
  name,
  isPublic: true,
  content: { body },
});

function renderAt(path: string, data = initData()) {
  setInitData(data);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );
}

describe('storefront content pages (§2.1 catch-all, §2.9 blocks, §2.10 /kontakt)', () => {
  it('draws a content site of the storefront with the shared block renderers, in order', async () => {
    renderAt(
      '/ueber-uns',
      initData({
        sites: [
          site('/ueber-uns', 'Über uns', [
            { type: 'text_field', text: '<p>Seit 1990 backen wir.</p>' },
            { type: 'cta_text', text: '<p>Besuchen Sie uns!</p>' },
          ]),
        ],
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Über uns' })).toBeTruthy();
    const first = await screen.findByText('Seit 1990 backen wir.');
    const second = await screen.findByText('Besuchen Sie uns!');
    expect(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Über uns - Testladen online'));
  });

  it("/kontakt: the /kontakt site's form block, anchored at #contact-form", async () => {
    const { container } = renderAt(
      '/kontakt',
      initData({
        sites: [site('/kontakt', 'Kontakt', [{ type: 'form', form: { id: 40, type: 'node' } }])],
        nodes: [form],
      }),
    );
    await waitFor(() => expect(container.querySelector('#contact-form form')).not.toBeNull());
    const section = container.querySelector<HTMLElement>('#contact-form')!;
    expect(within(section).getByLabelText(/Ihr Name/)).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Datenschutzerklärung akzeptieren' })).toBeTruthy();
  });

  it("/kontakt without a site: the storefront's first public form node, never the estate site's (issue 43)", async () => {
    const estate: ContentNode = {
      ...form,
      id: 41,
      content: {
        name: 'Immobilien-Anfrage',
        website: 'presenter',
        fields: [{ kind: 'select', fieldId: 'topic', label: 'Anliegen', options: [{ value: 'Kaufanfrage' }] }],
      },
    };
    const withForm = renderAt('/kontakt', initData({ nodes: [estate, form] }));
    await waitFor(() => expect(withForm.container.querySelector('#contact-form form')).not.toBeNull());
    expect(screen.getByLabelText('Ihr Name *')).toBeTruthy();
    expect(screen.queryByText(/Immobilien-Anfrage|Kaufanfrage/)).toBeNull();
    withForm.unmount();
    // the estate form alone: the branches, not the estate inquiry
    const estateOnly = renderAt('/kontakt', initData({ nodes: [estate] }));
    await waitFor(() => expect(estateOnly.container.querySelector('#contact-form')).not.toBeNull());
    expect(estateOnly.container.querySelector('#contact-form form')).toBeNull();
    estateOnly.unmount();
  });

  it('/kontakt without a site and without a form: the branches to call or write to', async () => {
    const without = renderAt('/kontakt');
    const section = await waitFor(() => {
      const el = without.container.querySelector<HTMLElement>('#contact-form');
      expect(el).not.toBeNull();
      return el!;
    });
    expect(section.querySelector('form')).toBeNull();
    expect(within(section).getByRole('heading', { name: 'Filiale Wien' })).toBeTruthy();
  });
});
