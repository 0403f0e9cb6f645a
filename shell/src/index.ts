import { afterFirstPaint } from './after-first-paint';

// Async boundary: shared singletons (React, MUI, the store…) are negotiated before any app code runs,
// once the page as served has been painted.
void afterFirstPaint().then(() => import('./bootstrap'));
