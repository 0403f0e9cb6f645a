/**
 * Records which React object each section runs on, so tests can prove the page has exactly one
 * React: `window.__PORTAL_REACT_VERSIONS__` maps a section name to `{ version, instance }`, where
 * `instance` is the index of that React object in `window.__PORTAL_REACT_INSTANCES__`. One shared
 * React means every entry has `instance: 0` and the instances list has length 1.
 */
export interface ReactInstanceRecord {
  version: string;
  instance: number;
}

interface PortalWindow {
  __PORTAL_REACT_INSTANCES__?: object[];
  __PORTAL_REACT_VERSIONS__?: Record<string, ReactInstanceRecord>;
}

/** Call from each section's own module with the `React` that section imported. */
export function registerReactInstance(section: string, react: { version: string }): ReactInstanceRecord {
  const win = window as unknown as PortalWindow;
  const instances = (win.__PORTAL_REACT_INSTANCES__ ??= []);
  let instance = instances.indexOf(react);
  if (instance < 0) instance = instances.push(react) - 1;
  const record = { version: react.version, instance };
  (win.__PORTAL_REACT_VERSIONS__ ??= {})[section] = record;
  return record;
}
