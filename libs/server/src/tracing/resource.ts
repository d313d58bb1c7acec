import {
  defaultResource,
  detectResources,
  envDetector,
  hostDetector,
  processDetector,
  resourceFromAttributes,
  type Resource,
} from '@opentelemetry/resources';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { readFileSync } from 'node:fs';

/**
 * The platform's version, from the root package.json (the workspaces' own are 0.0.0): the same path from src/ and
 * dist/, and the image keeps that file.
 */
export function platformVersion(): string | undefined {
  try {
    return (
      JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version?: string }
    ).version;
  } catch {
    return undefined; // a process run outside the repository or the image: its spans still go out, unversioned
  }
}

/**
 * What every span of this process says about its sender: the process's name (gateway, order, workers, …) and the
 * platform's version, the host (a pod's name) and the process. What the operator sets wins: OTEL_SERVICE_NAME and
 * OTEL_RESOURCE_ATTRIBUTES (e.g. `deployment.environment.name=prod`), read by OpenTelemetry's env detector.
 */
export function processResource(serviceName?: string): Resource {
  const version = platformVersion();
  return defaultResource()
    .merge(
      resourceFromAttributes({
        ...(serviceName ? { [ATTR_SERVICE_NAME]: serviceName } : {}),
        ...(version ? { [ATTR_SERVICE_VERSION]: version } : {}),
      }),
    )
    .merge(detectResources({ detectors: [hostDetector, processDetector, envDetector] }));
}
