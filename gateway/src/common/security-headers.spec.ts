import { loadGatewayConfig } from '../config/gateway-config.js';
import { mapSources, securityHeaders, withMap } from './security-headers.js';

const MAPBOX = ['https://api.mapbox.com', 'https://*.tiles.mapbox.com', 'https://events.mapbox.com'];
const directive = (policy: string, name: string) => policy.split(';').find((d) => d.startsWith(`${name} `));

describe('the CSP of a page with a map (issue 43 item 5)', () => {
  it("allows Mapbox's hosts by default, and the origin of a self-hosted style besides those listed", () => {
    expect(mapSources(loadGatewayConfig({}))).toEqual(MAPBOX);
    expect(mapSources(loadGatewayConfig({ MAP_STYLE_URL: 'https://tiles.example.eu/styles/hell/style.json' }))).toEqual(
      [...MAPBOX, 'https://tiles.example.eu'],
    );
    expect(
      mapSources(
        loadGatewayConfig({
          MAP_STYLE_URL: 'https://tiles.example.eu/style.json',
          CSP_MAP_SOURCES: 'https://tiles.example.eu  https://fonts.example.eu',
        }),
      ),
    ).toEqual(['https://tiles.example.eu', 'https://fonts.example.eu']);
  });

  it("adds the blob: worker and the map's hosts to connect-src and img-src, leaving the other directives", () => {
    const config = loadGatewayConfig({});
    const policy = securityHeaders(config)['content-security-policy'];
    const hosts = ['http://127.0.0.1:8080', ...MAPBOX];
    const mapped = withMap(policy, hosts);
    expect(directive(mapped, 'worker-src')).toBe("worker-src 'self' blob:");
    expect(directive(mapped, 'connect-src')).toBe(`${directive(policy, 'connect-src')} ${hosts.join(' ')}`);
    expect(directive(mapped, 'img-src')).toBe(`${directive(policy, 'img-src')} ${hosts.join(' ')}`);
    for (const name of ['default-src', 'script-src', 'frame-src', 'frame-ancestors'])
      expect(directive(mapped, name)).toBe(directive(policy, name));
    // once is enough: a second pass adds nothing
    expect(withMap(mapped, hosts)).toBe(mapped);
    // the strict policy itself runs no worker from blob: and names no map host
    expect(directive(policy, 'worker-src')).toBe("worker-src 'self'");
  });
});
