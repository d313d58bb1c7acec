import { lazy } from 'react';

/** The presenter's overlays as their own chunk: nothing of them is needed to draw the first page. */
export const LazyAppOverlays = lazy(() => import('./AppOverlays').then((m) => ({ default: m.AppOverlays })));
