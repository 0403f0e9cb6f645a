/* global window */
require('@testing-library/jest-dom');

// jsdom lacks these browser APIs that MUI uses.
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    });
  }
  window.scrollTo = () => {};
}
