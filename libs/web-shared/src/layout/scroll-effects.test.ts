import { afterEach, describe, expect, it, vi } from 'vitest';
import { parallaxOffset, scrollState, startScrollEffects } from './scroll-effects';

describe('scroll animation and parallax (§2.2, §9)', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('marks an element visible from 1 % overlap with the viewport, else future (below) or past (above)', () => {
    const vh = 800;
    expect(scrollState(100, 300, vh)).toBe('visible');
    expect(scrollState(798, 998, vh)).toBe('visible'); // 2 px of 200 = 1 %
    expect(scrollState(799, 999, vh)).toBe('future'); // 1 px = 0.5 %
    expect(scrollState(900, 1000, vh)).toBe('future');
    expect(scrollState(-198, 2, vh)).toBe('visible');
    expect(scrollState(-199, 1, vh)).toBe('past');
    expect(scrollState(-2000, 3000, vh)).toBe('visible'); // taller than the viewport
  });

  it('shifts by up to 30 px × speed, upward by default', () => {
    const vh = 800;
    // centred: no shift; entering from below: +30 (it then rises faster than the page); leaving at the top: -30
    expect(parallaxOffset(350, 100, vh)).toBe(0);
    expect(parallaxOffset(800, 100, vh)).toBe(30);
    expect(parallaxOffset(-100, 100, vh)).toBe(-30);
    expect(parallaxOffset(800, 100, vh, 0.5)).toBe(15);
    expect(parallaxOffset(800, 100, vh, 1, 'down')).toBe(-30);
    expect(parallaxOffset(5000, 100, vh)).toBe(30);
  });

  it('marks the opted-in elements every 500 ms and moves parallax elements', () => {
    vi.useFakeTimers();
    document.body.innerHTML =
      '<div id="a" data-animate></div><div id="b" data-animate></div><img id="p" data-parallax="0.5">';
    const place = (id: string, top: number, height: number) =>
      (document.getElementById(id)!.getBoundingClientRect = () => ({
        top,
        bottom: top + height,
        height,
        left: 0,
        right: 0,
        width: 0,
        x: 0,
        y: top,
        toJSON: () => ({}),
      }));
    Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
    place('a', 100, 200);
    place('b', 1200, 200);
    place('p', 800, 100);
    const stop = startScrollEffects();
    expect(document.getElementById('a')!.dataset.scroll).toBe('visible');
    expect(document.getElementById('b')!.dataset.scroll).toBe('future');
    expect(document.getElementById('p')!.style.transform).toBe('translate3d(0, 15px, 0)');
    place('b', 500, 200);
    vi.advanceTimersByTime(499);
    expect(document.getElementById('b')!.dataset.scroll).toBe('future');
    vi.advanceTimersByTime(1);
    expect(document.getElementById('b')!.dataset.scroll).toBe('visible');
    // scrolled into view: marked on the next frame, not at the next check (it would glide under a tapping finger)
    place('b', 1200, 200);
    vi.advanceTimersByTime(500);
    expect(document.getElementById('b')!.dataset.scroll).toBe('future');
    place('b', 300, 200);
    window.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(20);
    expect(document.getElementById('b')!.dataset.scroll).toBe('visible');
    place('a', -300, 200);
    stop();
    vi.advanceTimersByTime(1000);
    expect(document.getElementById('a')!.dataset.scroll).toBe('visible');
  });
});
