// Async boundary: shared singletons (React, MUI, the store…) are negotiated before any app code runs.
import('./bootstrap');
