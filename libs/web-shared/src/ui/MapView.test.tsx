import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptConsent } from '../consent/consent';
import { MapView, mapStyleUrl } from './MapView';

// happy-dom has no WebGL: a stand-in mapbox-gl that records the style it was given and lets the test fire its events
// (the real map, its worker and its tiles run in Chromium: tests/browser/csp-map.e2e-spec.ts)
const mapbox = vi.hoisted(() => {
  const state = {
    styles: [] as unknown[],
    handlers: new Map<string, Array<(e: Record<string, unknown>) => void>>(),
    removed: 0,
    fire(type: string, e: Record<string, unknown> = {}) {
      for (const fn of state.handlers.get(type) ?? []) fn(e);
    },
  };
  class FakeMap {
    constructor(options: { style: unknown }) {
      state.styles.push(options.style);
    }
    on(type: string, fn: (e: Record<string, unknown>) => void) {
      state.handlers.set(type, [...(state.handlers.get(type) ?? []), fn]);
      return this;
    }
    flyTo() {}
    remove() {
      state.removed++;
    }
  }
  class Marker {
    setLngLat() {
      return this;
    }
    addTo() {
      return this;
    }
    getElement() {
      return document.createElement('div');
    }
  }
  return { state, module: { default: { Map: FakeMap, Marker, accessToken: '' } } };
});
vi.mock('mapbox-gl', () => mapbox.module);
vi.mock('mapbox-gl/dist/mapbox-gl.css', () => ({}));

const point = { latitude: 48.2, longitude: 16.37 };
const place = { name: 'Filiale Graz', street: 'Lendplatz 1', zipCode: '8020', city: 'Graz' };
const directions = () => screen.getByRole('link', { name: 'Route berechnen' }).getAttribute('href');

describe('MapView (issue 43: never an empty box)', () => {
  beforeEach(() => {
    mapbox.state.styles = [];
    mapbox.state.handlers.clear();
    mapbox.state.removed = 0;
    // the map loads once it scrolls into view: here at once
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: (entries: Array<{ isIntersecting: boolean }>) => void) {}
        observe() {
          this.callback([{ isIntersecting: true }]);
        }
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.head.querySelector('meta[name="map-style"]')?.remove();
  });

  it('without a token: the address and a directions link, no map', () => {
    acceptConsent();
    const { container } = render(<MapView point={point} place={place} token={null} />);
    expect(container.querySelector('address')?.textContent).toBe('Filiale GrazLendplatz 18020 Graz');
    expect(directions()).toBe('https://www.google.com/maps/dir/?api=1&destination=48.2,16.37&travelmode=driving');
    expect(container.querySelector('[role="region"]')).toBeNull();
    expect(mapbox.state.styles).toEqual([]);
  });

  it('before consent: the consent note with the address and the directions link', () => {
    render(<MapView point={point} place={{ address: 'Am Fluss 3, 1020 Wien' }} token="pk.test" />);
    expect(screen.getByText('Die Karte wird nach Ihrer Zustimmung zu Cookies angezeigt.')).toBeTruthy();
    expect(screen.getByText('Am Fluss 3, 1020 Wien')).toBeTruthy();
    expect(directions()).toContain('destination=48.2,16.37');
  });

  it("with a token and consent: the map with the page's style; the fallback when it fails before it has loaded", async () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<meta name="map-style" content="https://tiles.example.eu/style.json">',
    );
    acceptConsent();
    const { container } = render(<MapView point={point} place={place} token="pk.test" />);
    await vi.waitFor(() => expect(mapbox.state.styles).toEqual(['https://tiles.example.eu/style.json']));
    expect(container.querySelector('.map[role="region"]')).not.toBeNull();
    act(() => mapbox.state.fire('error', { error: new Error('Failed to fetch') }));
    expect(await screen.findByRole('link', { name: 'Route berechnen' })).toBeTruthy();
    expect(container.querySelector('[role="region"]')).toBeNull();
    expect(mapbox.state.removed).toBe(1);
  });

  it('keeps a loaded map whose tiles have shown when a later tile fails', async () => {
    acceptConsent();
    const { container } = render(<MapView point={point} place={place} token="pk.test" />);
    await vi.waitFor(() => expect(mapbox.state.styles).toEqual(['mapbox://styles/mapbox/light-v11']));
    act(() => {
      mapbox.state.fire('load');
      mapbox.state.fire('sourcedata', { tile: {} });
      mapbox.state.fire('error', { error: new Error('tile 404') });
    });
    expect(container.querySelector('.map[role="region"]')).not.toBeNull();
    expect(screen.queryByRole('link', { name: 'Route berechnen' })).toBeNull();
  });

  it("reads the gateway's style, else Mapbox's", () => {
    expect(mapStyleUrl()).toBe('mapbox://styles/mapbox/light-v11');
    document.head.insertAdjacentHTML('beforeend', '<meta name="map-style" content="http://127.0.0.1:8080/style.json">');
    expect(mapStyleUrl()).toBe('http://127.0.0.1:8080/style.json');
  });
});
