import type { FieldDefinition } from '@shop/contracts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../../api/client';
import { CLIPBOARD_KEY } from '../../../ui/clipboard';
import { ContentErrors } from './content-errors';
import { ContentFields } from './ContentFields';
import { defaultsOf, type ContentValue } from './content-values';

const FIELDS: FieldDefinition[] = [
  { name: 'title', type: 'text', label: 'Titel', required: true },
  { name: 'intro', type: 'textarea', label: 'Einleitung', rows: 3 },
  { name: 'price', type: 'number', label: 'Preis' },
  { name: 'date', type: 'date', label: 'Datum' },
  { name: 'isNew', type: 'boolean', label: 'Neu' },
  {
    name: 'status',
    type: 'select',
    label: 'Status',
    default: 'available',
    options: [
      { value: 'available', label: 'Verfügbar' },
      { value: 'sold', label: 'Verkauft' },
    ],
  },
  {
    name: 'features',
    type: 'multiselect',
    label: 'Ausstattung',
    options: [
      { value: 'lift', label: 'Lift' },
      { value: 'garden', label: 'Garten' },
      { value: 'garage', label: 'Garage' },
    ],
  },
  { name: 'accent', type: 'color', label: 'Akzentfarbe' },
  { name: 'map', type: 'group', label: 'Karte', fields: [{ name: 'latitude', type: 'text', label: 'Breitengrad' }] },
  {
    name: 'more',
    type: 'tabs',
    label: 'Weiteres',
    tabs: [
      { label: 'Lage', fields: [{ name: 'district', type: 'text', label: 'Bezirk' }] },
      { label: 'Kosten', fields: [{ name: 'fees', type: 'text', label: 'Gebühren' }] },
    ],
  },
  { name: 'notes', type: 'markdown', label: 'Notizen' },
  {
    name: 'rows',
    type: 'collection',
    label: 'Daten',
    fields: [{ name: 'label', type: 'text', label: 'Bezeichnung' }],
  },
  { name: 'link', type: 'reference', label: 'Verweis', references: ['site', 'project'] },
  { name: 'expose', type: 'file', label: 'Exposé' },
  { name: 'body', type: 'collection', label: 'Inhalt', blocks: 'reference' },
];

function Harness({
  initial,
  errors = {},
  seen,
  fields = FIELDS,
}: {
  initial: ContentValue;
  errors?: Record<string, string>;
  seen: ContentValue[];
  fields?: FieldDefinition[];
}) {
  const [value, setValue] = useState(initial);
  return (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ContentErrors.Provider value={errors}>
        <ContentFields
          fields={fields}
          value={value}
          path="content"
          onChange={(v) => {
            seen.push(v);
            setValue(v);
          }}
        />
      </ContentErrors.Provider>
    </SWRConfig>
  );
}
/** The texts a control's aria-describedby points at. */
const describedBy = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
const last = (seen: ContentValue[]) => seen[seen.length - 1];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the generated content form', () => {
  beforeEach(() => {
    setCsrfToken('test-token');
    sessionStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('fills the defaults of a new item from the definitions', () => {
    expect(defaultsOf(FIELDS)).toEqual({ status: 'available', map: {}, more: {}, rows: [], body: [] });
  });

  it('edits text, textarea, German decimals, date, boolean, select, multiselect, colour, group and tabs', async () => {
    const seen: ContentValue[] = [];
    render(<Harness initial={defaultsOf(FIELDS)} seen={seen} />);
    await userEvent.type(screen.getByLabelText(/^Titel/), 'Haus am See');
    await userEvent.type(screen.getByLabelText('Einleitung'), 'Zeile 1{Enter}Zeile 2');
    expect(screen.getByLabelText('Einleitung').getAttribute('rows')).toBe('3');
    await userEvent.type(screen.getByLabelText('Preis'), '1234,5');
    await userEvent.type(screen.getByLabelText('Datum'), '2026-12-24');
    await userEvent.click(screen.getByLabelText('Neu'));
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'sold');
    await userEvent.click(screen.getByLabelText('Garage'));
    await userEvent.click(screen.getByLabelText('Lift'));
    await userEvent.type(screen.getByLabelText('Akzentfarbe'), '#008fc3');
    await userEvent.type(within(screen.getByRole('group', { name: 'Karte' })).getByLabelText('Breitengrad'), '48,2');
    await userEvent.type(screen.getByLabelText('Bezirk'), 'Wieden');
    // the second tab by keyboard (ArrowRight on the tab list)
    screen.getByRole('tab', { name: 'Lage' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Kosten' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.type(screen.getByLabelText('Gebühren'), 'keine');

    expect(last(seen)).toEqual({
      title: 'Haus am See',
      intro: 'Zeile 1\nZeile 2',
      price: 1234.5,
      date: '2026-12-24',
      isNew: true,
      status: 'sold',
      // in the order of the options, whatever the order of the clicks
      features: ['lift', 'garage'],
      accent: '#008fc3',
      map: { latitude: '48,2' },
      more: { district: 'Wieden', fees: 'keine' },
      rows: [],
      body: [],
    });
    // a stored number is shown the German way
    expect((screen.getByLabelText('Preis') as HTMLInputElement).value).toBe('1234,5');
  });

  it('shows the server errors at the fields of their paths, nested ones included', async () => {
    const seen: ContentValue[] = [];
    render(
      <Harness
        initial={{
          ...defaultsOf(FIELDS),
          rows: [{ label: 'a' }, { label: '' }],
          body: [{ type: 'text_field', text: '', links: [], orientation: 'left', width: 'default' }],
        }}
        errors={{
          'content.title': 'Dieses Feld ist erforderlich.',
          'content.map.latitude': 'Ungültiger Wert.',
          'content.rows.1.label': 'Bitte eine Bezeichnung angeben.',
          'content.body.0.text': 'Der Text ist zu lang.',
          'content.more.fees': 'Zu lang.',
        }}
        seen={seen}
      />,
    );
    expect(describedBy(screen.getByLabelText(/^Titel/))).toBe('Dieses Feld ist erforderlich.');
    expect(screen.getByLabelText(/^Titel/).getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(screen.getByLabelText('Breitengrad'))).toBe('Ungültiger Wert.');
    const row2 = screen.getByRole('group', { name: /Daten 2/ });
    expect(describedBy(within(row2).getByLabelText('Bezeichnung'))).toBe('Bitte eine Bezeichnung angeben.');
    expect(
      within(screen.getByRole('group', { name: /Daten 1/ }))
        .getByLabelText('Bezeichnung')
        .hasAttribute('aria-invalid'),
    ).toBe(false);
    // the tab holding an error is marked; its field shows the message once the tab is open
    expect(screen.getByRole('tab', { name: 'Kosten' }).classList.contains('has-error')).toBe(true);
    await userEvent.click(screen.getByRole('tab', { name: 'Kosten' }));
    expect(describedBy(screen.getByLabelText('Gebühren'))).toBe('Zu lang.');
    expect(await screen.findByText('Der Text ist zu lang.')).toBeTruthy();
  });

  it('adds, duplicates, removes and reorders collection rows by keyboard', async () => {
    const seen: ContentValue[] = [];
    render(<Harness initial={defaultsOf(FIELDS)} seen={seen} />);
    const add = screen.getByRole('button', { name: 'Daten: Eintrag hinzufügen' });
    await userEvent.click(add);
    await userEvent.click(add);
    await userEvent.click(add);
    const label = (n: number) =>
      within(screen.getByRole('group', { name: (name) => name.trim().endsWith(`Daten ${n}`) })).getByLabelText(
        'Bezeichnung',
      );
    await userEvent.type(label(1), 'Erster');
    await userEvent.type(label(2), 'Zweiter');
    await userEvent.type(label(3), 'Dritter');

    // Alt+ArrowDown on the first row's handle moves it one down, and the handle keeps the focus
    screen.getByRole('button', { name: 'Daten 1 verschieben' }).focus();
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect((last(seen).rows as ContentValue[]).map((r) => r.label)).toEqual(['Zweiter', 'Erster', 'Dritter']);
    expect(screen.getByText('Daten 2 ist jetzt an Position 2 von 3.')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Daten 2 verschieben' })),
    );
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect((last(seen).rows as ContentValue[]).map((r) => r.label)).toEqual(['Zweiter', 'Dritter', 'Erster']);
    // past the end nothing moves
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Daten 3 verschieben' })),
    );
    const before = seen.length;
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(seen.length).toBe(before);
    // and the move buttons do the same
    await userEvent.click(screen.getByRole('button', { name: 'Nach oben (Daten 3)' }));
    expect((last(seen).rows as ContentValue[]).map((r) => r.label)).toEqual(['Zweiter', 'Erster', 'Dritter']);
    // the typed text stays with its row after moving
    expect((label(2) as HTMLInputElement).value).toBe('Erster');

    await userEvent.click(screen.getByRole('button', { name: 'Duplizieren (Daten 1)' }));
    expect((last(seen).rows as ContentValue[]).map((r) => r.label)).toEqual([
      'Zweiter',
      'Zweiter',
      'Erster',
      'Dritter',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Entfernen (Daten 3)' }));
    expect((last(seen).rows as ContentValue[]).map((r) => r.label)).toEqual(['Zweiter', 'Zweiter', 'Dritter']);
  });

  it('adds blocks only of the types the page kind allows, with their defaults, and pastes a copied block', async () => {
    const seen: ContentValue[] = [];
    render(<Harness initial={defaultsOf(FIELDS)} seen={seen} />);
    const type = screen.getByLabelText('Blocktyp');
    const offered = within(type)
      .getAllByRole('option')
      .map((o) => o.getAttribute('value'))
      .filter(Boolean);
    // PAGE_KINDS.reference of libs/contracts
    expect(offered).toEqual([
      'text_field',
      'cta_text',
      'carousel',
      'image_section',
      'object_references',
      'site_references',
    ]);
    expect((screen.getByRole('button', { name: 'Block hinzufügen' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.selectOptions(type, 'cta_text');
    await userEvent.click(screen.getByRole('button', { name: 'Block hinzufügen' }));
    expect(last(seen).body).toEqual([{ type: 'cta_text', color: 'black', links: [] }]);
    const block = screen.getByRole('group', { name: /Block 1: Call-to-Action/ });
    await userEvent.selectOptions(within(block).getByLabelText('Farbe'), 'gray');
    await userEvent.click(screen.getByRole('button', { name: 'Kopieren (Block 1: Call-to-Action)' }));
    // one session-storage key, the item of its context
    const stored = JSON.parse(sessionStorage.getItem(CLIPBOARD_KEY) ?? '{}') as Record<string, { data: unknown }>;
    expect(stored['content-block']?.data).toEqual({ type: 'cta_text', color: 'gray', links: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Einfügen: Block 1: Call-to-Action' }));
    expect(last(seen).body).toEqual([
      { type: 'cta_text', color: 'gray', links: [] },
      { type: 'cta_text', color: 'gray', links: [] },
    ]);
  });

  it('shows markdown as a sanitised preview', async () => {
    const seen: ContentValue[] = [];
    render(<Harness initial={{}} seen={seen} fields={[{ name: 'notes', type: 'markdown', label: 'Notizen' }]} />);
    await userEvent.type(screen.getByLabelText('Notizen'), '**fett** <img src=x onerror=alert(1)>');
    await userEvent.click(screen.getByRole('button', { name: 'Vorschau' }));
    const preview = await screen.findByTestId('markdown-preview');
    await waitFor(() => expect(preview.querySelector('strong')?.textContent).toBe('fett'));
    // the sanitising itself is checked in Chromium (happy-dom cannot run DOMPurify)
    expect(last(seen)).toEqual({ notes: '**fett** <img src=x onerror=alert(1)>' });
  });

  it('picks a reference by searching the kinds the field accepts', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        calls.push(url);
        if (url.startsWith('/api/nodes?'))
          return json({
            data: [{ id: 7, type: 'project', identifier: null, isPublic: true, content: { name: 'Haus am See' } }],
          });
        if (url === '/api/nodes/7')
          return json({
            data: { id: 7, type: 'project', identifier: null, isPublic: true, content: { name: 'Haus am See' } },
          });
        return json({ data: [] });
      }),
    );
    const seen: ContentValue[] = [];
    render(<Harness initial={{}} seen={seen} fields={[FIELDS.find((f) => f.name === 'link')!]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Auswählen (Verweis)' }));
    await userEvent.selectOptions(screen.getByLabelText('Art des Verweises'), 'project');
    await userEvent.type(screen.getByLabelText('Suchen (Verweis)'), 'See');
    await userEvent.click(await screen.findByRole('button', { name: 'Projekt: Haus am See' }));
    expect(last(seen)).toEqual({ link: { id: 7, type: 'node' } });
    expect(await screen.findByText('Gewählt: Projekt: Haus am See')).toBeTruthy();
    expect(calls).toContain('/api/nodes?search=See&perPage=20&type=project');
  });

  it('uploads a file in place and keeps its reference', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input) === '/api/uploads' && init?.method === 'POST') {
          bodies.push(JSON.parse(String(init.body)));
          return json(
            { data: { id: 3, version: 1, extension: 'pdf', publicHash: 'abc', mimeType: 'application/pdf' } },
            201,
          );
        }
        return json({ data: null }, 404);
      }),
    );
    const seen: ContentValue[] = [];
    render(<Harness initial={{}} seen={seen} fields={[FIELDS.find((f) => f.name === 'expose')!]} />);
    const file = new File(['%PDF-1.4'], 'expose.pdf', { type: 'application/pdf' });
    await act(() => userEvent.upload(screen.getByLabelText('Datei hochladen (Exposé)'), file));
    await waitFor(() =>
      expect(last(seen)).toEqual({ expose: { id: 3, version: 1, extension: 'pdf', publicHash: 'abc' } }),
    );
    expect(bodies[0]).toMatchObject({
      filename: 'expose.pdf',
      data: expect.stringMatching(/^data:application\/pdf;base64,/),
    });
    expect(screen.getByRole('link', { name: /Datei öffnen/ }).getAttribute('href')).toBe('/upload/abc/3-1.pdf');
  });

  it('edits rich text with exactly the spec styles and uploads of jpg, jpeg, png, gif, svg and pdf', async () => {
    const seen: ContentValue[] = [];
    render(
      <Harness
        initial={{ text: '<p>Hallo <span class="text-blue">Welt</span></p><script>alert(1)</script>' }}
        seen={seen}
        fields={[{ name: 'text', type: 'wysiwyg', label: 'Text' }]}
      />,
    );
    const editor = await screen.findByRole('textbox', { name: 'Text' });
    await waitFor(() => expect(editor.querySelector('span.text-blue')?.textContent).toBe('Welt'));
    // the editor's schema has no script: it never reaches the stored HTML
    expect(editor.querySelector('script')).toBeNull();
    const styles = within(screen.getByLabelText('Stil'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(styles).toEqual([
      'Kein Stil',
      'Blau',
      'Schwarz',
      'Schrift 1',
      'Schrift 2',
      'Klein',
      'Sehr klein',
      'Label',
      'Silbentrennung',
    ]);
    expect(screen.getByLabelText('Bild oder PDF einfügen').getAttribute('accept')).toBe(
      '.jpg,.jpeg,.png,.gif,.svg,.pdf',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Fett' }));
    await userEvent.type(editor, 'Neu');
    // typed text arrives bold (happy-dom's contenteditable may drop a typed character; Chromium covers typing)
    await waitFor(() =>
      expect(String(last(seen)?.text)).toMatch(
        /^<p>Hallo <span class="text-blue">Welt<\/span><strong>.*N.*<\/strong><\/p>$/,
      ),
    );
  });
});
