import { RedirectInput } from '@shop/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { flatErrors, useContractForm } from './contract-form';

const REQUIRED = 'Dieser Wert sollte nicht leer sein.';

/** A form as the back office writes one: the contract's schema, a send, the server's errors at the fields. */
function RedirectForm({ send }: { send: (values: RedirectInput) => Promise<void> }) {
  const failed = vi.fn();
  const { form, errors, onSubmit, saving } = useContractForm(RedirectInput, {
    defaultValues: { website: 'presenter', source: '', target: '', status: 301 },
    send,
    failed,
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <label htmlFor="source">Alter Pfad</label>
      <input id="source" aria-invalid={errors.source ? true : undefined} {...form.register('source')} />
      {errors.source && <p id="source-error">{errors.source}</p>}
      <button type="submit" disabled={saving}>
        Speichern
      </button>
    </form>
  );
}

describe('useContractForm', () => {
  it("sends what the contract refuses too, and shows the server's German message at its field", async () => {
    const sent: RedirectInput[] = [];
    const send = vi.fn(async (values: RedirectInput) => {
      sent.push({ ...values });
      if (!values.source)
        throw new ApiError(422, 'VALIDATION_FAILED', REQUIRED, [{ field: 'source', message: REQUIRED }]);
    });
    render(<RedirectForm send={send} />);

    // empty source and target fail RedirectInput here already: the server still answers, in German (§5)
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.getByLabelText('Alter Pfad').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(REQUIRED).id).toBe('source-error');
    expect(sent).toEqual([{ website: 'presenter', source: '', target: '', status: 301 }]);

    // the message stays while the field is corrected, and goes with the next successful send
    await userEvent.type(screen.getByLabelText('Alter Pfad'), '/alt');
    expect(screen.queryByText(REQUIRED)).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.queryByText(REQUIRED)).toBeNull());
    expect(sent[1]).toMatchObject({ source: '/alt' });
  });

  it('names the errors by path, a list row below its field as the editors look them up', () => {
    const errors = {
      name: { type: 'server', message: 'Pflichtfeld' },
      deliveryAreas: {
        type: 'server',
        message: 'Zu viele',
        ref: { name: 'deliveryAreas' },
        0: { price: { type: 'server', message: 'Zu klein' } },
      },
    };
    expect(flatErrors(errors)).toEqual({
      name: 'Pflichtfeld',
      deliveryAreas: 'Zu viele',
      'deliveryAreas.0.price': 'Zu klein',
    });
  });
});
