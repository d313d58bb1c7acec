import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// happy-dom has no layout, so Embla cannot scroll here: a stand-in whose scrollNext the autoplay calls
const embla = vi.hoisted(() => {
  const api = {
    on: () => api,
    off: () => api,
    scrollProgress: () => 0,
    selectedScrollSnap: () => 0,
    scrollNext: vi.fn(),
    scrollPrev: vi.fn(),
    scrollTo: vi.fn(),
  };
  return api;
});
vi.mock('embla-carousel-react', () => ({ default: () => [() => undefined, embla] }));

const { TextSlider, slideIntervalMs } = await import('./TextSlider');
const { TextSlider2 } = await import('./TextSlider2');

const images = [1, 2, 3].map((id) => ({ id, version: 1, extension: 'jpg', alt: `Bild ${id}` }));

describe('§3 "Slider: duration in seconds": the text sliders play at the duration the editor set (issue 43)', () => {
  afterEach(() => {
    vi.useRealTimers();
    embla.scrollNext.mockClear();
  });

  it("a positive number of seconds (also as the number input's text); else the basic slider's 5 s of §9", () => {
    expect(slideIntervalMs(8)).toBe(8000);
    expect(slideIntervalMs(2.5)).toBe(2500);
    expect(slideIntervalMs('3')).toBe(3000);
    for (const none of [undefined, null, '', ' ', 0, -2, 'schnell', Number.NaN, Infinity])
      expect(slideIntervalMs(none)).toBe(5000);
  });

  it.each([
    ['text_slider', TextSlider],
    ['text_slider_2', TextSlider2],
  ] as const)("%s: the next image after the block's duration, then again after it", (type, Block) => {
    vi.useFakeTimers();
    const { unmount } = render(<Block block={{ type, text: '<p>Wohnen am Park</p>', images, duration: 8 }} />);
    act(() => void vi.advanceTimersByTime(7999));
    expect(embla.scrollNext).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(embla.scrollNext).toHaveBeenCalledTimes(1);
    act(() => void vi.advanceTimersByTime(8000));
    expect(embla.scrollNext).toHaveBeenCalledTimes(2);
    unmount();
  });

  it('without a duration every 5 s', () => {
    vi.useFakeTimers();
    const { unmount } = render(<TextSlider block={{ type: 'text_slider', images }} />);
    act(() => void vi.advanceTimersByTime(4999));
    expect(embla.scrollNext).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(embla.scrollNext).toHaveBeenCalledTimes(1);
    unmount();
  });
});
