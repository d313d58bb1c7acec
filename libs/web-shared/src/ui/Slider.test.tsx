import { act, render } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it, vi } from 'vitest';

// happy-dom has no layout, so Embla cannot measure or scroll here: a stand-in API with its events (the sliders
// themselves run in Chromium: tests/browser/presenter.e2e-spec.ts)
const embla = vi.hoisted(() => {
  const handlers = new Map<string, Set<() => void>>();
  const api = {
    progress: 0,
    selected: 0,
    on(event: string, fn: () => void) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(fn);
      return api;
    },
    off(event: string, fn: () => void) {
      handlers.get(event)?.delete(fn);
      return api;
    },
    emit(event: string) {
      for (const fn of handlers.get(event) ?? []) fn();
    },
    scrollProgress: () => api.progress,
    selectedScrollSnap: () => api.selected,
    scrollNext: vi.fn(),
    scrollPrev: vi.fn(),
    scrollTo: vi.fn(),
    options: [] as unknown[],
  };
  return api;
});
vi.mock('embla-carousel-react', () => ({
  default: (options: unknown) => {
    embla.options.push(options);
    return [() => undefined, embla];
  },
}));

const { Slider } = await import('./Slider');

describe('§2.9 slider', () => {
  it('moves the carousel progress bar with every scroll frame without rendering the slider again', () => {
    // commits of the slider's tree (a re-render per animation frame was most of the home page's main-thread time)
    let renders = 0;
    const { container } = render(
      <Profiler id="slider" onRender={() => renders++}>
        <Slider kind="carousel" slidesPerView="responsive" slides={['a', 'b', 'c']} />
      </Profiler>,
    );
    const bar = container.querySelector<HTMLElement>('.slider__progress span')!;
    expect(bar.style.transform).toBe('scaleX(0)');
    const before = renders;
    for (const p of [0.1, 0.25, 0.5, 1.4]) {
      embla.progress = p;
      act(() => embla.emit('scroll'));
    }
    // clamped to the bar's width
    expect(bar.style.transform).toBe('scaleX(1)');
    expect(renders).toBe(before);
  });

  it("marks the selected slide's thumbnail when a slide is selected", () => {
    const { getAllByRole } = render(
      <Slider kind="hero" slides={['a', 'b']} thumbnails={{ heading: 'Aktuelles', items: ['A', 'B'] }} />,
    );
    embla.selected = 1;
    act(() => embla.emit('select'));
    expect(getAllByRole('button', { name: /^[AB]$/ }).map((b) => b.getAttribute('aria-current'))).toEqual([
      null,
      'true',
    ]);
  });

  it('§4 drag thresholds: 40 px in hero and carousel, 50 px for sliders over 768 px wide', () => {
    embla.options.length = 0;
    render(<Slider kind="hero" slides={['a', 'b']} />);
    render(<Slider kind="slider" slides={['a', 'b']} />);
    // happy-dom's window is 1024 px wide
    expect(embla.options.map((o) => (o as { dragThreshold: number }).dragThreshold)).toEqual([40, 50]);
  });
});
