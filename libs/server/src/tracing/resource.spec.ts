import { readFileSync } from 'node:fs';
import { processResource } from './resource.js';

const VERSION = (
  JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** The attributes every span of a process carries (its resource), once the detectors have answered. */
async function attributesOf(serviceName?: string) {
  const resource = processResource(serviceName);
  await resource.waitForAsyncAttributes?.();
  return resource.attributes;
}

describe('the resource of a process (its spans name their sender)', () => {
  // an empty variable is an unset one to OpenTelemetry
  const saved = { name: process.env.OTEL_SERVICE_NAME ?? '', attributes: process.env.OTEL_RESOURCE_ATTRIBUTES ?? '' };
  afterEach(() => {
    process.env.OTEL_SERVICE_NAME = saved.name;
    process.env.OTEL_RESOURCE_ATTRIBUTES = saved.attributes;
  });

  it("names the process and the platform's version (the root package.json's), not unknown_service:node", async () => {
    process.env.OTEL_SERVICE_NAME = '';
    process.env.OTEL_RESOURCE_ATTRIBUTES = '';
    expect(await attributesOf('order')).toMatchObject({
      'service.name': 'order',
      'service.version': VERSION,
      'process.pid': process.pid,
    });
  });

  it("takes the operator's OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES over the process's own", async () => {
    process.env.OTEL_SERVICE_NAME = 'shop-order-eu';
    process.env.OTEL_RESOURCE_ATTRIBUTES = 'deployment.environment.name=staging,service.version=2.0.0-rc.1';
    expect(await attributesOf('order')).toMatchObject({
      'service.name': 'shop-order-eu',
      'service.version': '2.0.0-rc.1',
      'deployment.environment.name': 'staging',
    });
  });
});
