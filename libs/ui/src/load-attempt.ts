import { createContext } from 'react';

/**
 * How many times the nearest `SectionErrorBoundary`'s Retry was pressed. A lazy page whose module
 * failed to load keeps that failure for the attempt it was made in (so React's own re-renders show
 * the error rather than loading again in a loop) and loads again on the next attempt.
 */
export const LoadAttemptContext = createContext(0);
