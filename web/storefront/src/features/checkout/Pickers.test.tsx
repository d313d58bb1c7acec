import { appointmentSlots } from '@shop/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DatePicker, TimePicker } from './Pickers';

// Mondays to Fridays 10:00–12:00 and 14:00–16:00 (Europe/Vienna); "now" is Wednesday 2026-12-02 11:00
const RULES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].flatMap((type) => [
  { type, date: null, from: '10:00', to: '12:00', isClosed: false },
  { type, date: null, from: '14:00', to: '16:00', isClosed: false },
]) as Parameters<typeof appointmentSlots>[0];
const NOW = new Date('2026-12-02T10:00:00Z');
const slots = appointmentSlots(RULES, NOW, { timeZone: 'Europe/Vienna' });

describe('date picker (§2.7)', () => {
  it('shows ISO weeks and Mo–So, disables past and unavailable days, and saves only an available date', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    const onCancel = vi.fn();
    render(
      <DatePicker
        slots={slots}
        timeZone="Europe/Vienna"
        today="2026-12-02"
        value={null}
        onSave={onSave}
        onClear={vi.fn()}
        onCancel={onCancel}
      />,
    );
    const grid = screen.getByRole('grid');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['KW', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']);
    // December 2026 starts on a Tuesday in ISO week 49
    expect(
      within(grid)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['49', '50', '51', '52', '53']);
    const day = (d: string) => screen.getByRole('button', { name: d }) as HTMLButtonElement;
    expect(day('1. Dezember 2026').disabled).toBe(true); // past
    expect(day('5. Dezember 2026').disabled).toBe(true); // Saturday: closed
    expect(day('2. Dezember 2026').disabled).toBe(false); // today, still open
    const save = screen.getByRole('button', { name: 'Speichern' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.click(day('3. Dezember 2026'));
    expect(save.disabled).toBe(false);
    await user.click(save);
    expect(onSave).toHaveBeenCalledWith('2026-12-03');
    await user.click(screen.getByRole('button', { name: 'Nächster Monat' }));
    expect(screen.getByText(/Jänner 2027/)).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalled();
  });
});

describe('time picker (§2.7)', () => {
  it('steps by 5 minutes, lists the windows when the time lies outside, and says when a day has no slots', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    const { unmount } = render(
      <TimePicker
        slots={slots}
        timeZone="Europe/Vienna"
        date="2026-12-03"
        value="11:55"
        onSave={onSave}
        onCancel={vi.fn()}
      />,
    );
    const save = screen.getByRole('button', { name: 'Speichern' }) as HTMLButtonElement;
    expect(save.disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Minute später' }));
    // 12:00 is closing time: outside the windows, which are listed
    expect(save.disabled).toBe(true);
    expect(screen.getByText('Verfügbare Zeiten:')).toBeTruthy();
    expect(screen.getByRole('button', { name: '10:00 – 12:00' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '14:00 – 16:00' }));
    expect(save.disabled).toBe(false);
    await user.click(save);
    expect(onSave).toHaveBeenCalledWith('14:00');
    unmount();
    render(
      <TimePicker
        slots={slots}
        timeZone="Europe/Vienna"
        date="2026-12-05"
        value={null}
        onSave={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    expect(screen.getByText('Zum ausgewählten Tag sind keine Termine verfügbar.')).toBeTruthy();
  });
});
