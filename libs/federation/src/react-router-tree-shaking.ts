/**
 * A webpack loader for react-router's bundled files (`react-router/dist/**\/*.mjs`). Each is one large
 * module whose top level calls `React.forwardRef`, `React.memo` and `React.createContext` and sets
 * `displayName`s: calls and assignments a minifier must keep, so every component they define stays
 * in the shared react-router-dom facade, used or not (`<Link>`, `<NavLink>`, `<Form>`, the data
 * routers' prefetching). Marking those calls pure and dropping the `displayName`s (names for React
 * DevTools only) lets webpack drop what the front end does not import: 4 kB gzipped of the first visit.
 */
export default function reactRouterTreeShaking(source: string): string {
  return markTopLevelComponentsPure(source);
}

const DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm;
const COMPONENT_FACTORY_CALL = /^(var [\w$]+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm;

/** The source with its top-level `displayName` assignments removed and component factories marked pure. */
export function markTopLevelComponentsPure(source: string): string {
  return source.replace(DISPLAY_NAME, '').replace(COMPONENT_FACTORY_CALL, '$1/* @__PURE__ */ $2');
}

/** The files the loader applies to. */
export const REACT_ROUTER_DIST = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/;
