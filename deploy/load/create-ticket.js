// A signed-in customer opens a support ticket, then lists their tickets. One customer per run (setup),
// so raise TICKET_LIMIT_PER_HOUR on the target's support first (10 tickets per customer per hour by
// default; the rest would answer 429). `k6 run -e BASE_URL=… deploy/load/create-ticket.js`
import http from 'k6/http';
import { check } from 'k6';
import { baseUrl, jsonHeaders, optionsFor, postJson, signUp } from './lib.js';

export const options = optionsFor('create-ticket');

export function setup() {
  return { token: signUp('tickets').token };
}

export default function createTicket({ token }) {
  const created = postJson(
    '/api/support/tickets',
    {
      title: `Load test ticket ${__VU}-${__ITER}`,
      description: 'Opened by the k6 create-ticket scenario.',
      priority: 'low',
    },
    token,
  );
  check(created, { 'ticket 201, open': (r) => r.status === 201 && r.json('status') === 'open' });
  const list = http.get(`${baseUrl}/api/support/tickets`, {
    headers: jsonHeaders(token),
    tags: { name: 'GET /api/support/tickets' },
  });
  check(list, { 'tickets 200': (r) => r.status === 200 });
}
