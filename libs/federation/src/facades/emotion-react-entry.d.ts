// '@emotion/react/entry' is @emotion/react's own entry under a name its share does not catch: a
// webpack alias (`facadeSources` in facades.ts) that only the facade imports.
declare module '@emotion/react/entry' {
  export * from '@emotion/react';
}
