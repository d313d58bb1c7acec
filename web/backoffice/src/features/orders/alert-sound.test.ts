import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAlertSound } from './alert-sound';

/**
 * An AudioContext as Chromium's autoplay policy runs it: suspended at first; resume() succeeds only inside a
 * user gesture (`gesture` true) and otherwise stays pending, as Chromium leaves it.
 */
class FakeAudioContext extends EventTarget {
  static gesture = false;
  state: AudioContextState = 'suspended';
  currentTime = 0;
  destination = {};
  tones: number[] = [];
  resume = vi.fn(() => {
    if (!FakeAudioContext.gesture) return new Promise<void>(() => undefined);
    this.state = 'running';
    this.dispatchEvent(new Event('statechange'));
    return Promise.resolve();
  });
  createOscillator() {
    const osc = { frequency: { value: 0 }, connect: (n: unknown) => n, start: vi.fn(), stop: vi.fn() };
    osc.start.mockImplementation(() => this.tones.push(osc.frequency.value));
    return osc;
  }
  createGain() {
    return { gain: { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() }, connect: (n: unknown) => n };
  }
}

const contexts: FakeAudioContext[] = [];
const factory = () => {
  const ctx = new FakeAudioContext();
  contexts.push(ctx);
  return ctx as unknown as AudioContext;
};

describe('alert sound', () => {
  afterEach(() => {
    FakeAudioContext.gesture = false;
    contexts.length = 0;
  });

  it('is blocked until a gesture resumes the suspended context, then plays three tones', async () => {
    const sound = createAlertSound(factory);
    const changes = vi.fn();
    sound.subscribe(changes);
    expect(sound.isBlocked()).toBe(false); // nothing known before the context exists
    sound.prepare();
    expect(sound.isBlocked()).toBe(true);
    expect(changes).toHaveBeenCalled();

    // a new order before any interaction: resume is tried, nothing is heard, the hint stays
    expect(await sound.play()).toBe(false);
    expect(contexts[0]!.resume).toHaveBeenCalled();
    expect(contexts[0]!.tones).toEqual([]);
    expect(sound.isBlocked()).toBe(true);

    FakeAudioContext.gesture = true;
    expect(await sound.unlock()).toBe(true);
    expect(sound.isBlocked()).toBe(false);
    expect(await sound.play()).toBe(true);
    expect(contexts[0]!.tones).toEqual([880, 880, 1175]);
    expect(contexts).toHaveLength(1);
  });

  it('unlocks on the first pointer or key press anywhere and then stops listening', async () => {
    const sound = createAlertSound(factory);
    const page = new EventTarget();
    sound.unlockOnFirstGesture(page);
    FakeAudioContext.gesture = true;
    page.dispatchEvent(new Event('keydown'));
    await vi.waitFor(() => expect(sound.isBlocked()).toBe(false));
    page.dispatchEvent(new Event('pointerdown'));
    await Promise.resolve();
    expect(contexts[0]!.resume).toHaveBeenCalledTimes(1);
  });

  it('keeps listening while the browser still refuses, and stays silent without an audio device', async () => {
    const sound = createAlertSound(factory);
    const page = new EventTarget();
    const stop = sound.unlockOnFirstGesture(page);
    page.dispatchEvent(new Event('pointerdown')); // not a gesture the browser accepts (resume stays pending)
    await new Promise((r) => setTimeout(r, 250));
    expect(sound.isBlocked()).toBe(true);
    FakeAudioContext.gesture = true;
    page.dispatchEvent(new Event('pointerdown'));
    await vi.waitFor(() => expect(sound.isBlocked()).toBe(false));
    stop();

    const none = createAlertSound(() => {
      throw new Error('no audio device');
    });
    none.prepare();
    expect(none.isBlocked()).toBe(false);
    expect(await none.play()).toBe(false);
  });
});
