import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';

// Stripe.js and its Payment Element, as Stripe's security guide lists them (docs.stripe.com/security/guide):
// Stripe.js loads scripts and frames from js.stripe.com and its subdomains, calls api.stripe.com,
// and 3-D Secure runs in a hooks.stripe.com frame. (maps.googleapis.com is for the Address Element's
// autocomplete, which checkout does not use.)
const stripe = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  connect: ['https://api.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
};
// Calendly's inline widget: script and stylesheet from its assets host, the booking page in a frame.
const scheduler = {
  script: ['https://assets.calendly.com'],
  style: ['https://assets.calendly.com'],
  connect: ['https://calendly.com'],
  frame: ['https://calendly.com'],
};

export const contentSecurityPolicyDirectives = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'", ...stripe.script, ...scheduler.script],
  scriptSrcAttr: ["'none'"],
  // 'unsafe-inline' rather than a nonce: emotion (MUI) inserts <style> tags at run time in the shell
  // and in every remote, and a per-response nonce would have to reach each section's emotion cache
  // through index.html. Inline style cannot run code, and scripts stay locked to the origins above.
  styleSrc: ["'self'", "'unsafe-inline'", ...scheduler.style],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", ...stripe.connect, ...scheduler.connect],
  frameSrc: [...stripe.frame, ...scheduler.frame],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // Left out on purpose: on plain-http local runs it would send every asset request to https.
  upgradeInsecureRequests: null,
};

/** What a section's code needs from where it is served: its scripts, styles, manifest (a fetch), fonts and images. */
export const SECTION_CODE_DIRECTIVES = [
  'script-src',
  'style-src',
  'connect-src',
  'font-src',
  'img-src',
] as const;

/** `policy` (a Content-Security-Policy header) with `sources` added to each of `directives` it has. */
export function contentSecurityPolicyWith(
  policy: string,
  directives: readonly string[],
  sources: readonly string[],
): string {
  return policy
    .split(';')
    .map((directive) => {
      const name = directive.trim().split(/\s+/, 1)[0] ?? '';
      return directives.includes(name) ? `${directive} ${sources.join(' ')}` : directive;
    })
    .join(';');
}

export const helmetOptions: FastifyHelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // Stripe's 3-D Secure and the scheduler may open windows that must keep talking to the page.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  xFrameOptions: { action: 'deny' },
};

/**
 * The headers @fastify/helmet sets with `helmetOptions`, captured once at boot. The policy is the same
 * for every response, and registering the plugin itself would rebuild helmet's middleware (parsing the
 * whole CSP again) on every request: on the proxy's hot path that cost a third of its throughput.
 */
export async function securityHeaders(): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, helmetOptions);
  probe.get('/', (_request, reply) => reply.send(''));
  const response = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();

  const generic = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return Object.fromEntries(
    Object.entries(response.headers)
      .filter(([name, value]) => !generic.has(name) && typeof value === 'string')
      .map(([name, value]) => [name, value as string]),
  );
}
