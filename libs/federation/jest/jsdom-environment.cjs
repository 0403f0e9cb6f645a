// jsdom plus the fetch family of the Node runtime (jsdom has no fetch): RTK Query's fetchBaseQuery
// and code that builds Request/Response objects then run in component tests as in a browser.
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'AbortController',
  'AbortSignal',
  'ReadableStream',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
];

class PortalJsdomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) {
      if (typeof this.global[name] === 'undefined') this.global[name] = globalThis[name];
    }
  }
}

module.exports = PortalJsdomEnvironment;
