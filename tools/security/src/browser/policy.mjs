// What every response of the portal must carry (issue 7), as a list of problems: empty when fine.
// Shared by the header checks (every kind of response, fetched directly) and the crawl (every
// same-origin response a browser received).

/** `default-src 'self'; object-src 'none'` → Map { 'default-src' => ["'self'"], … } (names lowercased). */
export function parseCsp(policy) {
  const directives = new Map();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (!name) continue;
    const key = name.toLowerCase();
    // A repeated directive is ignored by browsers: the first one counts.
    if (!directives.has(key)) directives.set(key, values);
  }
  return directives;
}

const ONE_YEAR = 31_536_000;
const REFERRER_POLICIES = new Set([
  'no-referrer',
  'same-origin',
  'strict-origin',
  'strict-origin-when-cross-origin',
]);

/**
 * Problems with the security headers of one response. `headers` maps lowercased names to arrays of
 * values (a header sent twice has two), as `rawHeaders` gives them.
 */
export function securityHeaderProblems(headers) {
  const problems = [];
  const one = (name) => {
    const values = headers[name] ?? [];
    if (values.length === 0) problems.push(`no ${name}`);
    else if (values.length > 1) problems.push(`${name} sent ${values.length} times: ${values.join(' | ')}`);
    return values[0];
  };

  const hsts = one('strict-transport-security');
  if (hsts !== undefined) {
    const maxAge = Number(/(?:^|;)\s*max-age=(\d+)/i.exec(hsts)?.[1] ?? 0);
    if (maxAge < ONE_YEAR)
      problems.push(`strict-transport-security max-age ${maxAge} < ${ONE_YEAR}: ${hsts}`);
    if (!/includesubdomains/i.test(hsts))
      problems.push(`strict-transport-security without includeSubDomains: ${hsts}`);
  }

  const nosniff = one('x-content-type-options');
  if (nosniff !== undefined && nosniff.trim().toLowerCase() !== 'nosniff')
    problems.push(`x-content-type-options: ${nosniff}`);

  const referrer = one('referrer-policy');
  if (referrer !== undefined) {
    // A list is allowed; the last policy the browser knows is the one used.
    const used = referrer
      .split(',')
      .map((value) => value.trim().toLowerCase())
      .at(-1);
    if (!REFERRER_POLICIES.has(used))
      problems.push(`referrer-policy leaks the full URL across origins: ${referrer}`);
  }

  const policy = one('content-security-policy');
  if (policy !== undefined) problems.push(...cspProblems(policy));
  return problems;
}

/** Problems with a Content-Security-Policy value. */
export function cspProblems(policy) {
  const problems = [];
  const csp = parseCsp(policy);
  const is = (name, allowed) => {
    const values = csp.get(name);
    if (!values) problems.push(`CSP has no ${name}`);
    else if (values.length !== 1 || !allowed.includes(values[0])) {
      problems.push(`CSP ${name} is '${values.join(' ')}', expected one of ${allowed.join(', ')}`);
    }
  };
  if (!csp.has('default-src')) problems.push('CSP has no default-src');
  is('object-src', ["'none'"]);
  is('base-uri', ["'self'", "'none'"]);
  is('frame-ancestors', ["'none'", "'self'"]);
  if (!csp.has('form-action')) problems.push('CSP has no form-action');
  // Scripts: only listed origins, never inline code, eval, wildcards or whole schemes.
  const scriptSources = csp.get('script-src') ?? csp.get('default-src') ?? [];
  for (const source of scriptSources) {
    if (
      ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "'wasm-unsafe-eval'", '*'].includes(source) ||
      /^(https?|data|blob|filesystem):$/i.test(source) ||
      /^http:\/\//i.test(source)
    ) {
      problems.push(`CSP script-src allows ${source}`);
    }
  }
  for (const [name, values] of csp) {
    if (values.includes('*')) problems.push(`CSP ${name} allows any origin (*)`);
  }
  return problems;
}
