/// <reference lib="webworker" />
import { startWorker } from '../../pwa-worker';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** The storefront's worker: /build/service-worker.js (vite-plugin-pwa injects its build into __WB_MANIFEST). */
startWorker('storefront', self.__WB_MANIFEST);
