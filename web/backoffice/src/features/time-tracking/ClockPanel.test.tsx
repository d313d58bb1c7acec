import type { ClockState, WorkingActivity } from '@shop/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ClockPanel } from './ClockPanel';

const activity = (state: WorkingActivity['state']): WorkingActivity => ({
  id: 1,
  createdAt: '2026-01-12T07:00:00.000Z',
  updatedAt: '2026-01-12T07:00:00.000Z',
  user: 2,
  branch: 1,
  project: null,
  halfDay: false,
  source: 'clock',
  task: null,
  kind: 'work',
  start: '2026-01-12T07:00:00.000Z',
  end: null,
  pauses: state === 'paused' ? [{ start: '2026-01-12T09:00:00.000Z', end: null }] : [],
  note: null,
  state,
  netMinutes: 120,
  warnings: [],
});
const stateOf = (current: WorkingActivity | null): ClockState => ({
  user: { id: 2, username: 'mitarbeiter' },
  current,
});
const enabled = () =>
  screen
    .getAllByRole('button')
    .filter((b) => !(b as HTMLButtonElement).disabled)
    .map((b) => b.textContent);

describe('issue 19: the clock panel offers only what the state allows', () => {
  afterEach(cleanup);

  it('without an activity: start; running: pause and end; paused: resume and end', () => {
    render(<ClockPanel state={stateOf(null)} busy={false} onAction={() => undefined} />);
    expect(enabled()).toEqual(['Starten']);
    expect(screen.getByRole('status').textContent).toContain('Keine Aktivität');
    cleanup();
    render(<ClockPanel state={stateOf(activity('running'))} busy={false} onAction={() => undefined} />);
    expect(enabled()).toEqual(['Pausieren', 'Beenden']);
    expect(screen.getByRole('status').textContent).toContain('Netto: 2 h');
    cleanup();
    render(<ClockPanel state={stateOf(activity('paused'))} busy={false} onAction={() => undefined} />);
    expect(enabled()).toEqual(['Fortsetzen', 'Beenden']);
  });

  it('tells which action was chosen, and nothing while busy', () => {
    const chosen: string[] = [];
    render(<ClockPanel state={stateOf(activity('running'))} busy={false} onAction={(a) => chosen.push(a)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pausieren' }));
    expect(chosen).toEqual(['pause']);
    cleanup();
    render(<ClockPanel state={stateOf(activity('running'))} busy onAction={() => undefined} />);
    expect(enabled()).toEqual([]);
  });
});
