// The page's one @emotion/react, as a Module Federation shared module. A shared module cannot be
// tree-shaken, and @emotion/react's entry also exports withTheme (which brings
// hoist-non-react-statics and react-is, about 1.2 kB gzipped), ClassNames and its jsx factory, none of
// which the page uses. So the singleton is this facade: the names MUI's styled engine, @emotion/styled
// and the front end import (facades.ts checks all three). They come from the real entry under a name of
// its own (`facadeSources`), since a request for '@emotion/react' is the shared module itself.
export { CacheProvider, Global, ThemeContext, css, keyframes, withEmotionCache } from '@emotion/react/entry';
