import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../../api/client';
import { NoticeProvider } from '../../../ui/notices';
import SiteEditor from './SiteEditor';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const SITE = {
  id: 5,
  website: 'presenter',
  path: '/ueber-uns',
  name: 'Über uns',
  type: 'default',
  layout: 'simple',
  isPublic: true,
  content: { body: '<p>Alt</p>' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function open(path: string) {
  const router = createMemoryRouter([{ path: '/sites/:id', element: <SiteEditor /> }], { initialEntries: [path] });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <NoticeProvider>
        <RouterProvider router={router} />
      </NoticeProvider>
    </SWRConfig>,
  );
}

/** The estate site's home page, with a part of its website's identity (issue 43). */
const HOME = {
  ...SITE,
  id: 7,
  path: '/',
  name: 'Startseite',
  type: 'home',
  layout: 'home',
  content: { body: [], identity: { name: 'Donau Wohnbau', email: 'office@donau-wohnbau.at' } },
};

/** A generation of the content AI as the server answers it (POST 202, then the polls of GET …/generations/{id}). */
const generation = (id: string, status: string, more: object = {}) => ({
  id,
  kind: 'site',
  status,
  content: null,
  image: null,
  message: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...more,
});

describe('site editor', () => {
  const bodies: Array<{ url: string; method: string; body: unknown }> = [];
  let aiAnswer: () => Response;
  /** the answers to each generation's polls, the last one repeated */
  let polls: Record<string, Array<ReturnType<typeof generation>>>;
  let previewAnswer: () => Response;
  beforeEach(() => {
    setCsrfToken('t');
    bodies.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        const method = init?.method ?? 'GET';
        bodies.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        if (url === '/api/sites/5' && method === 'GET') return json({ data: SITE });
        if (url === '/api/sites/7' && method === 'GET') return json({ data: HOME });
        if (url === '/api/sites/7' && method === 'PUT')
          return json({ data: { ...HOME, ...(JSON.parse(String(init?.body)) as object) } });
        if (url === '/api/sites/6' && method === 'GET')
          return json({ data: { ...SITE, id: 6, path: '/entwurf', isPublic: false } });
        if (url === '/api/sites/6/preview' && method === 'POST') return previewAnswer();
        if (url === '/api/content-ai/generate/site/5') return aiAnswer();
        const polled = /^\/api\/content-ai\/generations\/(.+)$/.exec(url)?.[1];
        const answers = polled ? polls[polled] : undefined;
        if (answers) return json({ data: answers.length > 1 ? answers.shift() : answers[0] });
        if (url === '/api/backoffice/websites')
          return json({ data: { presenterHosts: ['wohnen.example', 'b.example'] } });
        if (url === '/api/sites' && method === 'POST')
          return json(
            {
              message: 'Dieser Wert ist bereits vergeben.',
              code: 'VALIDATION',
              errors: [{ field: 'path', message: 'Dieser Wert ist bereits vergeben.' }],
            },
            422,
          );
        return json({ data: [] });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('tells that renaming a public site creates a redirect from the old path', async () => {
    open('/sites/5');
    const path = await screen.findByLabelText('Pfad *');
    await userEvent.clear(path);
    await userEvent.type(path, '/team');
    expect(
      screen.getByText(
        'Der Pfad dieser öffentlichen Seite ändert sich von /ueber-uns auf /team: Beim Speichern wird eine Weiterleitung von der alten Adresse angelegt.',
      ),
    ).toBeTruthy();
  });

  it("'Vorschau' opens a presenter page on the first of the gateway's presenter hosts, in a new tab", async () => {
    open('/sites/5');
    const preview = await screen.findByRole('link', { name: /^Vorschau/ });
    expect(preview.getAttribute('href')).toBe(
      `${location.protocol}//wohnen.example${location.port ? `:${location.port}` : ''}/ueber-uns`,
    );
    expect(preview.getAttribute('target')).toBe('_blank');
  });

  it("'Vorschau' of a draft opens the gateway's signed preview link in the tab opened at the click", async () => {
    const link = 'http://wohnen.example/entwurf?vorschau=abc.def';
    previewAnswer = () => json({ data: { token: 'abc.def', url: link, expiresAt: '2026-01-01T00:30:00.000Z' } }, 201);
    const tab = { opener: window as unknown, location: { href: '' }, close: vi.fn() };
    const openTab = vi.fn(() => tab as unknown as Window);
    vi.stubGlobal('open', openTab);
    open('/sites/6');
    const preview = await screen.findByRole('link', { name: /^Vorschau/ });
    expect(preview.getAttribute('target')).toBe('_blank');
    await userEvent.click(preview);
    await waitFor(() => expect(tab.location.href).toBe(link));
    expect(openTab).toHaveBeenCalledTimes(1);
    expect(tab.opener).toBeNull();
    expect(bodies.filter((b) => b.url === '/api/sites/6/preview' && b.method === 'POST')).toHaveLength(1);
  });

  it('closes the opened tab and says so when the preview link cannot be made, with a retry', async () => {
    previewAnswer = () => json({}, 503);
    const tab = { opener: window as unknown, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab as unknown as Window),
    );
    open('/sites/6');
    await userEvent.click(await screen.findByRole('link', { name: /^Vorschau/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('Die Vorschau konnte nicht geöffnet werden.');
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
    previewAnswer = () =>
      json({ data: { token: 't', url: 'http://wohnen.example/entwurf?vorschau=t', expiresAt: '' } }, 201);
    await userEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    await waitFor(() => expect(tab.location.href).toBe('http://wohnen.example/entwurf?vorschau=t'));
  });

  it("'Vorschau' of a public site is the plain link: no token is asked for", async () => {
    const openTab = vi.fn();
    vi.stubGlobal('open', openTab);
    open('/sites/5');
    const preview = await screen.findByRole('link', { name: /^Vorschau/ });
    preview.addEventListener('click', (e) => e.preventDefault());
    await userEvent.click(preview);
    expect(openTab).not.toHaveBeenCalled();
    expect(bodies.some((b) => b.url.endsWith('/preview'))).toBe(false);
  });

  it('says so when the AI is not configured, and puts a generated draft in the form once done, without saving it', async () => {
    aiAnswer = () =>
      json(
        {
          message: 'Die KI-Generierung ist nicht eingerichtet.',
          code: 'AI_UNAVAILABLE',
          errors: [{ field: null, message: 'Die KI-Generierung ist nicht eingerichtet.' }],
        },
        503,
      );
    open('/sites/5');
    await userEvent.click(await screen.findByRole('button', { name: 'Mit KI erstellen' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Die KI-Generierung ist nicht eingerichtet.');

    // the POST answers at once with a generation; it is polled until done
    let started = 0;
    aiAnswer = () => json({ data: generation(`g${++started}`, 'queued') }, 202);
    const reason = 'Die KI hat gerade keinen gültigen Inhalt geliefert. Bitte versuchen Sie es erneut.';
    polls = {
      g1: [generation('g1', 'running'), generation('g1', 'done', { content: { body: '<p>Von der KI</p>' } })],
      g2: [generation('g2', 'failed', { message: reason })],
    };
    await userEvent.type(screen.getByLabelText('Wünsche an die KI (optional)'), 'freundlich');
    await userEvent.click(screen.getByRole('button', { name: 'Mit KI erstellen' }));
    expect((await screen.findByRole('status')).textContent).toContain('Die KI erstellt einen Entwurf …');
    await waitFor(() => expect(document.querySelector('.ProseMirror')?.innerHTML).toContain('Von der KI'));
    expect(bodies.filter((b) => b.url === '/api/content-ai/generations/g1').length).toBeGreaterThan(1);
    expect(bodies.find((b) => b.url === '/api/content-ai/generate/site/5' && b.body)?.body).toEqual({ prompt: '' });
    expect(bodies.filter((b) => b.url === '/api/content-ai/generate/site/5').at(-1)?.body).toEqual({
      prompt: 'freundlich',
    });
    expect(bodies.some((b) => b.method === 'PUT')).toBe(false);

    // a failed generation: the server's German reason, with a retry
    await userEvent.click(screen.getByRole('button', { name: 'Mit KI erstellen' }));
    await waitFor(() => expect(screen.getAllByRole('alert').some((a) => a.textContent?.includes(reason))).toBe(true));
    expect(document.querySelector('.ProseMirror')?.innerHTML).toContain('Von der KI');
  });

  it("edits the website's identity on its home page: name, title, contact data; empty fields stay empty", async () => {
    open('/sites/7');
    expect(await screen.findByText('Website-Identität')).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Donau Wohnbau');
    await userEvent.type(screen.getByLabelText('Titelzusatz'), 'Donau Wohnbau | Wohnen in Wien');
    await userEvent.click(screen.getByRole('tab', { name: 'Kontakt' }));
    await userEvent.type(screen.getByLabelText('Telefon'), '+43 1 890 12 34');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(bodies.some((b) => b.method === 'PUT')).toBe(true));
    const sent = bodies.find((b) => b.method === 'PUT')?.body as { content: { identity: Record<string, unknown> } };
    expect(sent.content.identity).toMatchObject({
      name: 'Donau Wohnbau',
      title: 'Donau Wohnbau | Wohnen in Wien',
      email: 'office@donau-wohnbau.at',
      phone: '+43 1 890 12 34',
    });
  });

  it('shows a client-side error at its field before sending, and the server error at the path field', async () => {
    open('/sites/new');
    await userEvent.selectOptions(await screen.findByLabelText('Seitenart'), 'subpage');
    await userEvent.selectOptions(screen.getByLabelText('Blocktyp'), 'form');
    await userEvent.click(screen.getByRole('button', { name: 'Block hinzufügen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    // the form block needs its form: refused in the browser, nothing sent
    expect((await screen.findAllByText('Dieser Wert sollte nicht leer sein.')).length).toBeGreaterThan(0);
    expect(bodies.some((b) => b.method === 'POST')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: /^Entfernen/ }));
    await userEvent.type(screen.getByLabelText('Name *'), 'Team');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(document.getElementById('site-path-error')?.textContent).toBe('Dieser Wert ist bereits vergeben.'),
    );
    expect(screen.getByLabelText('Pfad *').getAttribute('aria-invalid')).toBe('true');
  });
});
