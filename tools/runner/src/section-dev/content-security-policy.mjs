// The gateway's Content-Security-Policy allows scripts, styles, fetches, images and fonts from 'self'
// (plus Stripe and Calendly) only. Behind the front door, 'self' is the front door, and the section's
// code comes from its dev server on another port: its `mf-manifest.json` is fetched (connect-src), its
// chunks run (script-src), its CSS and assets load (style-src, img-src, font-src), and the dev server's
// live-reload socket connects (connect-src, ws:). The front door adds exactly the dev server's origin to
// those directives and nothing else, so the page still runs under the policy it has in production.

const directivesForDevServer = ['script-src', 'connect-src', 'style-src', 'img-src', 'font-src'];

/** `script-src 'self' https://js.stripe.com` → ['script-src', ["'self'", 'https://js.stripe.com']] */
function parseDirective(text) {
  const [name, ...sources] = text.trim().split(/\s+/);
  return { name: name.toLowerCase(), sources };
}

/**
 * @param {string} policy a Content-Security-Policy header value
 * @param {string} devServerUrl e.g. http://localhost:4202
 */
export function policyAllowingDevServer(policy, devServerUrl) {
  const { origin, host, protocol } = new URL(devServerUrl);
  const socketOrigin = `${protocol === 'https:' ? 'wss' : 'ws'}://${host}`;
  const directives = policy
    .split(';')
    .filter((text) => text.trim())
    .map(parseDirective);
  const defaultSources = directives.find(({ name }) => name === 'default-src')?.sources;
  // A directive the policy leaves out falls back to default-src: it is written out so that it can grow.
  if (defaultSources) {
    for (const name of directivesForDevServer) {
      if (!directives.some((directive) => directive.name === name)) {
        directives.push({ name, sources: [...defaultSources] });
      }
    }
  }
  return directives
    .map(({ name, sources }) => {
      if (!directivesForDevServer.includes(name)) return [name, ...sources].join(' ');
      const wanted = name === 'connect-src' ? [origin, socketOrigin] : [origin];
      // 'none' cannot be combined with sources: it goes once something is allowed.
      const kept = sources.filter((source) => source !== "'none'");
      return [name, ...kept, ...wanted.filter((source) => !kept.includes(source))].join(' ');
    })
    .join('; ');
}
