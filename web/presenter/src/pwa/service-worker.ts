/// <reference lib="webworker" />
import { startWorker } from '../../../pwa-worker';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** The presenter's worker: /build/presenter/service-worker.js, scope / (vite-plugin-pwa injects its build). */
startWorker('presenter', self.__WB_MANIFEST);
