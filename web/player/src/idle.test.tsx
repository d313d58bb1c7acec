import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadCredentials } from './credentials';
import { clockText, Idle, idleReasonOf } from './Idle';
import { playerApi } from './player-api';
import { TEXTS } from './texts';

describe('the idle screen (issue 42)', () => {
  it('names why: a screen-off command, outside the power schedule, no scene; none while it plays', () => {
    expect(idleReasonOf(false, false, true)).toBe('screen-off');
    expect(idleReasonOf(false, null, true)).toBe('outside-schedule');
    expect(idleReasonOf(true, null, false)).toBe('no-scene');
    expect(idleReasonOf(true, true, true)).toBeNull();
  });

  it('shows the mark and the time of the TV’s zone, and for a TV without a scene says so', () => {
    const now = new Date('2026-03-01T20:05:00Z');
    const { rerender } = render(<Idle reason="outside-schedule" now={now} timeZone="Europe/Vienna" />);
    const idle = screen.getByRole('status', { name: TEXTS.idle });
    expect(idle.dataset.idle).toBe('outside-schedule');
    expect(idle.querySelector('time')?.textContent).toBe('21:05');
    expect(idle.querySelector('svg')).not.toBeNull();
    expect(screen.queryByText(TEXTS.noScene)).toBeNull();
    rerender(<Idle reason="no-scene" now={now} timeZone="Europe/Vienna" />);
    expect(screen.getByText(TEXTS.noScene)).toBeTruthy();
    expect(clockText(now, 'UTC')).toBe('20:05');
  });
});

describe('the sign-in link (issue 42)', () => {
  afterEach(() => {
    localStorage.clear();
    history.replaceState(null, '', '/');
  });

  it('signs in from #identifier=…&key=…, keeps the sign-in and removes the key from the address', () => {
    history.replaceState(null, '', '/player/#identifier=tv-1&key=abc_DEF-123');
    expect(loadCredentials()).toEqual({ identifier: 'tv-1', key: 'abc_DEF-123' });
    expect(window.location.hash).toBe('');
    expect(window.location.href).not.toContain('abc_DEF-123');
    // the next start (after a power cut) signs in from what it kept
    expect(loadCredentials()).toEqual({ identifier: 'tv-1', key: 'abc_DEF-123' });
  });

  it('a new link replaces the kept sign-in (a rotated key)', () => {
    history.replaceState(null, '', '/player/#identifier=tv-1&key=old');
    loadCredentials();
    history.replaceState(null, '', '/player/#identifier=tv-1&key=new');
    expect(loadCredentials()).toEqual({ identifier: 'tv-1', key: 'new' });
  });
});

describe('the player’s calls (issue 42)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('mark themselves as the browser player (its 401 then comes without the Basic challenge that would hang it)', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: { at: 'x' } }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await playerApi({ identifier: 'tv-1', key: 'k' }).heartbeat({ idle: 'outside-schedule' });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({
      'x-requested-with': 'signage-player',
      authorization: `Basic ${btoa('tv-1:k')}`,
    });
    expect(JSON.parse(String(init.body))).toEqual({ idle: 'outside-schedule' });
  });
});
