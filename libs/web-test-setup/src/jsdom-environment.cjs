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

/** A Node AbortSignal that aborts when the given (jsdom) one does. */
function followedSignal(signal) {
  const controller = new AbortController();
  if (signal.aborted) controller.abort(signal.reason);
  else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  return controller.signal;
}

class PortalJsdomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) {
      if (typeof this.global[name] === 'undefined') this.global[name] = globalThis[name];
    }
    // Node's Request as a page's: a relative URL ('/api/auth/me', as fetchBaseQuery builds it) is
    // the page's, and the page's (jsdom's) AbortSignal is followed by one Node's fetch accepts.
    const page = this.global;
    page.Request = class Request extends globalThis.Request {
      constructor(input, init) {
        const url = typeof input === 'string' ? new URL(input, page.location.href).href : input;
        super(url, init?.signal ? { ...init, signal: followedSignal(init.signal) } : init);
      }
    };
  }
}

module.exports = PortalJsdomEnvironment;
