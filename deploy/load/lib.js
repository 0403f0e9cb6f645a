// Shared by the k6 scripts of this folder (k6's JavaScript runtime, not Node).
import http from 'k6/http';
import { check, fail } from 'k6';

const config = JSON.parse(open('./scenarios.json'));

/** The portal's address: `k6 run -e BASE_URL=https://portal.example.com <script>`. */
export const baseUrl = (__ENV.BASE_URL || 'http://localhost:8080').replace(/\/+$/, '');

/**
 * k6 options for one scenario of scenarios.json: constant virtual users for its duration (VUS and
 * DURATION override them), failed requests under the shared rate and its p95.
 */
export function optionsFor(name) {
  const scenario = config.scenarios[name];
  return {
    scenarios: {
      [name]: {
        executor: 'constant-vus',
        vus: Number(__ENV.VUS || scenario.vus),
        duration: __ENV.DURATION || scenario.duration,
      },
    },
    thresholds: {
      http_req_failed: [`rate<${config.failedRequestRate}`],
      [`http_req_duration{scenario:${name}}`]: [`p(95)<${scenario.p95Ms}`],
      checks: ['rate==1'],
    },
  };
}

export const jsonHeaders = (token) => ({
  'Content-Type': 'application/json',
  ...(token ? { Authorization: `Bearer ${token}` } : {}),
});

export function postJson(path, body, token, extraHeaders = {}) {
  return http.post(`${baseUrl}${path}`, JSON.stringify(body), {
    headers: { ...jsonHeaders(token), ...extraHeaders },
    tags: { name: `POST ${path.replace(/[0-9a-f-]{36}/g, '{id}')}` },
  });
}

/** A new customer: sign-up answers 201 with a token. Sign-ups from one address are rate limited
 * (AUTH_REGISTER_LIMIT_PER_HOUR): raise it on the target, or run from several load generators. */
export function signUp(tag) {
  const email = `k6-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e9)}@example.com`;
  const password = 'k6-load-password-1';
  const response = postJson('/api/auth/register', { name: 'Load Test Customer', email, password });
  if (!check(response, { 'sign-up 201': (r) => r.status === 201 })) {
    fail(`sign-up answered ${response.status}: ${response.body}`);
  }
  return { email, password, token: response.json('token') };
}
