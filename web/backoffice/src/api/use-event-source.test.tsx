import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEventSource } from './use-event-source';

/** An EventSource under the test's hand: `open`, `fail`, `emit` play the server's side. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, (e: MessageEvent<string>) => void>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  open() {
    act(() => this.onopen?.());
  }
  fail() {
    act(() => this.onerror?.());
  }
  emit(type: string, data: string) {
    act(() => this.listeners.get(type)?.(new MessageEvent(type, { data })));
  }
  close() {
    this.closed = true;
  }
}

const parseId = (data: unknown) => {
  const { id } = data as { id: unknown };
  if (typeof id !== 'number') throw new TypeError('no id');
  return id;
};

describe('useEventSource (one server-sent-events stream per mounted hook)', () => {
  beforeEach(() => {
    FakeEventSource.all = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reports each event as parsed, tells whether the stream is up, and closes it on unmount', () => {
    const onChange = vi.fn();
    const { result, unmount } = renderHook(() => useEventSource('/api/x/events', 'thing', parseId, onChange));
    const [source] = FakeEventSource.all;
    expect(source.url).toBe('/api/x/events');
    expect(result.current).toBe(false);
    source.open();
    expect(result.current).toBe(true);
    expect(onChange).not.toHaveBeenCalled();

    source.emit('thing', JSON.stringify({ id: 7 }));
    source.emit('other', JSON.stringify({ id: 8 }));
    expect(onChange.mock.calls).toEqual([[7]]);

    source.fail();
    expect(result.current).toBe(false);
    unmount();
    expect(source.closed).toBe(true);
    expect(FakeEventSource.all).toHaveLength(1);
  });

  it('says "anything may have changed" (null) after a reconnect, on reset and for data it cannot read', () => {
    const onChange = vi.fn();
    renderHook(() => useEventSource('/api/x/events', 'thing', parseId, onChange));
    const [source] = FakeEventSource.all;
    source.open();
    source.fail();
    source.open();
    expect(onChange.mock.calls).toEqual([[null]]);
    source.emit('reset', '{}');
    source.emit('thing', 'kein JSON');
    source.emit('thing', JSON.stringify({ id: 'sieben' }));
    expect(onChange.mock.calls).toEqual([[null], [null], [null], [null]]);
  });

  it('calls the newest callback without opening a new stream on a re-render', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = renderHook(({ cb }) => useEventSource('/api/x/events', 'thing', parseId, cb), {
      initialProps: { cb: first },
    });
    rerender({ cb: second });
    const [source] = FakeEventSource.all;
    source.emit('thing', JSON.stringify({ id: 1 }));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith(1);
    expect(FakeEventSource.all).toHaveLength(1);
  });

  it('stays down without EventSource', () => {
    vi.stubGlobal('EventSource', undefined);
    const onChange = vi.fn();
    const { result } = renderHook(() => useEventSource('/api/x/events', 'thing', parseId, onChange));
    expect(result.current).toBe(false);
    expect(onChange).not.toHaveBeenCalled();
  });
});
