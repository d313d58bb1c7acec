import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { acceptCookies, form, node, renderApp } from '../test/fixtures';
import { ContactForm, fieldKey, initialValues, pendingAnalytics, resetAnalytics } from '@shop/web-shared';

const answer = (status: number, body: string, type = 'application/json') =>
  Promise.resolve(new Response(body, { status, headers: { 'content-type': type } }));

describe('§2.10 contact form', () => {
  beforeEach(() => resetAnalytics());

  it('renders every field kind with asterisks on required fields and keys data by fieldId or position', async () => {
    acceptCookies();
    renderApp('/kontakt', undefined, <ContactForm form={form} />);
    expect(screen.getByLabelText('Name *')).toHaveProperty('type', 'text');
    expect(screen.getByLabelText('E-Mail *')).toHaveProperty('type', 'email');
    expect(screen.getByLabelText('Nachricht').getAttribute('rows')).toBe('6');
    expect(screen.getByRole('option', { name: 'Thema' })).toHaveProperty('value', '');
    expect(screen.getByRole('checkbox')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Datenschutzerklärung' })).toBeTruthy();
    const fields = form.content.fields as Parameters<typeof initialValues>[0];
    expect(fields.map(fieldKey)).toEqual(['name', 'email', '2', 'topic', 'privacy']);
    expect(initialValues(fields)).toEqual({ name: '', email: '', 2: '', topic: '', privacy: false });
  });

  it("replaces the submit button by 'Datenschutzerklärung akzeptieren' until consent, which records it", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderApp('/kontakt', undefined, <ContactForm form={form} />);
    expect(screen.queryByRole('button', { name: 'Absenden' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Datenschutzerklärung akzeptieren' }));
    expect(document.cookie).toContain('cookie-consent=true');
    expect(screen.getByRole('button', { name: 'Absenden' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows 'Bitte warten' while submitting, then the server's list; 'Daten ändern' keeps the data, 'Erneut versuchen' resubmits", async () => {
    acceptCookies();
    let release: (r: Response) => void = () => undefined;
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementationOnce(() => new Promise<Response>((r) => (release = r)))
      .mockImplementationOnce(() => answer(422, JSON.stringify({ errors: ['E-Mail fehlt'] })))
      .mockImplementationOnce(() => answer(200, '{}'));
    renderApp('/kontakt', undefined, <ContactForm form={form} />);
    await userEvent.type(screen.getByLabelText('Name *'), 'Eva');
    await userEvent.click(screen.getByRole('button', { name: 'Absenden' }));
    expect(screen.getByText('Bitte warten')).toBeTruthy();
    expect(screen.getByText('Ihre Anfrage wird verarbeitet...')).toBeTruthy();
    await act(async () =>
      release(new Response(JSON.stringify({ errors: [{ field: 'email', message: 'Pflichtfeld' }] }), { status: 422 })),
    );
    expect(await screen.findByText('Bitte prüfen Sie Ihre Eingaben')).toBeTruthy();
    expect(screen.getByText('Pflichtfeld')).toBeTruthy();
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toMatchObject({ name: 'Eva', email: '', privacy: false });
    expect(fetch.mock.calls[0][0]).toBe('/api/custom/form/6');

    await userEvent.click(screen.getByRole('button', { name: 'Daten ändern' }));
    expect(screen.queryByText('Bitte prüfen Sie Ihre Eingaben')).toBeNull();
    expect(screen.getByLabelText('Name *')).toHaveProperty('value', 'Eva');

    await userEvent.click(screen.getByRole('button', { name: 'Absenden' }));
    expect(await screen.findByText('E-Mail fehlt')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByText('Vielen Dank für Ihre Nachricht!')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(3);
    await userEvent.click(screen.getByRole('button', { name: 'Formular schließen' }));
    expect(screen.getByLabelText('Name *')).toHaveProperty('value', '');
    expect(
      pendingAnalytics()
        .filter((e) => e.type === 'form')
        .map((e) => e.action),
    ).toEqual([
      'Submit: Kontakt',
      'Validation Failed: Kontakt',
      'Submit: Kontakt',
      'Validation Failed: Kontakt',
      'Submit: Kontakt',
      'Submission Successful: Kontakt',
    ]);
  });

  it("shows 'Ein unbekannter Fehler ist aufgetreten.' for a non-JSON answer and a network error", async () => {
    acceptCookies();
    vi.spyOn(globalThis, 'fetch')
      .mockImplementationOnce(() => answer(502, '<html>Bad Gateway</html>', 'text/html'))
      .mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    renderApp('/kontakt', undefined, <ContactForm form={form} />);
    fireEvent.submit(screen.getByRole('button', { name: 'Absenden' }).closest('form') as HTMLFormElement);
    expect(await screen.findByText('Ein unbekannter Fehler ist aufgetreten.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    await waitFor(() =>
      expect(pendingAnalytics().filter((e) => e.action === 'Submission Failed: Kontakt')).toHaveLength(2),
    );
    expect(screen.getByText('Ein unbekannter Fehler ist aufgetreten.')).toBeTruthy();
  });

  it("shows the form's own thank-you message on success", async () => {
    acceptCookies();
    vi.spyOn(globalThis, 'fetch').mockImplementationOnce(() => answer(201, '{"data":{}}'));
    const own = node(7, 'form', { ...form.content, thankYouMessage: 'Wir melden uns bald.' });
    renderApp('/kontakt', undefined, <ContactForm form={own} />);
    await userEvent.click(screen.getByRole('button', { name: 'Absenden' }));
    expect(await screen.findByText('Wir melden uns bald.')).toBeTruthy();
    expect(screen.queryByText('Vielen Dank für Ihre Nachricht!')).toBeNull();
  });
});
