import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setCsrfToken } from '../../api/client';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NoticeProvider } from '../../ui/notices';
import ConfigPage from './ConfigPage';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function renderAs(roles: string[], saveAnswer?: Response) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) =>
    String(input).startsWith('/api/users/me')
      ? json({ data: { id: 1, roles, branches: [] } })
      : init?.method === 'POST' && saveAnswer
        ? saveAnswer
        : json({ data: { shopName: 'Donaugenuss' } }),
  );
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <NoticeProvider>
        <MemoryRouter>
          <ConfigPage />
        </MemoryRouter>
      </NoticeProvider>
    </SWRConfig>,
  );
}

describe('ConfigPage', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("shows an employee the configuration read-only, without a 'Speichern' that can only fail", async () => {
    renderAs(['ROLE_EMPLOYEE']);
    const shopName = (await screen.findByDisplayValue('Donaugenuss')) as HTMLInputElement;
    expect(shopName.closest('fieldset')!.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
  });

  it('lets an administrator save', async () => {
    renderAs(['ROLE_ADMIN']);
    await screen.findByDisplayValue('Donaugenuss');
    expect(await screen.findByRole('button', { name: 'Speichern' })).toBeTruthy();
  });

  it('names the field of a validation error in the notice too, and offers no retry that can only fail again', async () => {
    setCsrfToken('token-1');
    const refusal = new Response(
      JSON.stringify({
        code: 'VALIDATION_FAILED',
        message: 'Dieser Wert sollte nicht leer sein.',
        errors: [{ field: 'shopName', message: 'Dieser Wert sollte nicht leer sein.' }],
      }),
      { status: 422, headers: { 'content-type': 'application/json' } },
    );
    renderAs(['ROLE_ADMIN'], refusal);
    await userEvent.click(await screen.findByRole('button', { name: 'Speichern' }));
    const notice = (await screen.findAllByRole('alert')).find((a) => a.classList.contains('notice'))!;
    expect(notice.querySelector('span')!.textContent).toBe('Shopname: Dieser Wert sollte nicht leer sein.');
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).toBeNull();
  });
});
