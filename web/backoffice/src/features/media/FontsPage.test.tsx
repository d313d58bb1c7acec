import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../api/client';
import { renderScreen } from '../../test/render-screen';
import FontsPage from './FontsPage';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('fonts screen', () => {
  let fetched: string[];
  beforeEach(() => {
    setCsrfToken('t');
    fetched = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url === '/api/fonts') return json({ data: [{ family: 'Lato', variants: ['regular', '700'], stored: [] }] });
        fetched.push(url);
        if (url.includes('/Unbekannt/'))
          return json({ message: 'Nicht gefunden.', code: 'NOT_FOUND', errors: [{ field: null, message: 'x' }] }, 404);
        return new Response('@font-face {}', { status: 200, headers: { 'content-type': 'text/css' } });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('names a family or variant the route would refuse at its field, and asks nothing', async () => {
    const user = userEvent.setup();
    renderScreen(<FontsPage />, '/media/fonts');
    await screen.findByText('Lato');
    await user.type(screen.getByLabelText('Schriftfamilie *'), 'Open_Sans');
    await user.clear(screen.getByLabelText('Schnitt *'));
    await user.type(screen.getByLabelText('Schnitt *'), 'fett');
    await user.click(screen.getByRole('button', { name: 'Auf den Server holen' }));
    const family = screen.getByLabelText('Schriftfamilie *');
    expect(family.getAttribute('aria-invalid')).toBe('true');
    expect(family.getAttribute('aria-describedby')).toBe('font-family-hint font-family-error');
    expect(document.getElementById('font-family-error')?.textContent).toBe(
      'Nur Buchstaben, Ziffern und einzelne Leerzeichen (höchstens 64 Zeichen).',
    );
    expect(document.getElementById('font-variant-error')?.textContent).toBe(
      'Bitte einen gültigen Schnitt angeben, z. B. regular, italic, 700 oder 700italic.',
    );
    expect(fetched).toEqual([]);
  });

  it('fetches a family, trimmed; one the provider does not have is named at the family field', async () => {
    const user = userEvent.setup();
    renderScreen(<FontsPage />, '/media/fonts');
    await screen.findByText('Lato');
    await user.type(screen.getByLabelText('Schriftfamilie *'), ' Open Sans ');
    await user.click(screen.getByRole('button', { name: 'Auf den Server holen' }));
    expect(await screen.findByText('Die Schrift Open Sans (regular) liegt jetzt auf dem Server.')).toBeTruthy();
    expect(fetched).toEqual(['/api/fonts/google/Open%20Sans/style-regular.embed.css']);

    await user.clear(screen.getByLabelText('Schriftfamilie *'));
    await user.type(screen.getByLabelText('Schriftfamilie *'), 'Unbekannt');
    await user.click(screen.getByRole('button', { name: 'Auf den Server holen' }));
    await waitFor(() =>
      expect(document.getElementById('font-family-error')?.textContent).toBe(
        'Diese Schrift gibt es beim Anbieter nicht.',
      ),
    );
    expect(document.getElementById('font-variant-error')).toBeNull();
  });
});
