import * as React from 'react';
import { registerReactInstance } from './react-instances';

describe('registerReactInstance', () => {
  it('gives every section on one React the same instance number', () => {
    expect(registerReactInstance('shell', React)).toEqual({ version: React.version, instance: 0 });
    expect(registerReactInstance('marketing', React)).toEqual({ version: React.version, instance: 0 });
  });

  it('tells a second copy of React apart', () => {
    const copy = { version: React.version };
    expect(registerReactInstance('rogue', copy).instance).toBe(1);
    const win = window as unknown as { __PORTAL_REACT_INSTANCES__: object[] };
    expect(win.__PORTAL_REACT_INSTANCES__).toHaveLength(2);
  });
});
