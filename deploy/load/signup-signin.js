// A new customer signs up, signs in and reads their session. Every iteration creates an account:
// raise AUTH_REGISTER_LIMIT_PER_HOUR on the target first. `k6 run -e BASE_URL=… deploy/load/signup-signin.js`
import http from 'k6/http';
import { check } from 'k6';
import { baseUrl, jsonHeaders, optionsFor, postJson, signUp } from './lib.js';

export const options = optionsFor('signup-signin');

export default function signUpAndSignIn() {
  const { email, password } = signUp(`vu${__VU}`);
  const login = postJson('/api/auth/login', { email, password });
  check(login, { 'sign-in 200 with a token': (r) => r.status === 200 && Boolean(r.json('token')) });
  const me = http.get(`${baseUrl}/api/auth/me`, {
    headers: jsonHeaders(login.json('token')),
    tags: { name: 'GET /api/auth/me' },
  });
  check(me, { 'me 200': (r) => r.status === 200 && r.json('email') === email });
}
