// A visitor opens /pricing and reads the catalog. `k6 run -e BASE_URL=… deploy/load/browse-catalog.js`
import http from 'k6/http';
import { check } from 'k6';
import { baseUrl, optionsFor } from './lib.js';

export const options = optionsFor('browse-catalog');

export default function browseCatalog() {
  const page = http.get(`${baseUrl}/pricing`, { tags: { name: 'GET /pricing' } });
  check(page, { 'pricing page 200': (r) => r.status === 200 });
  const catalog = http.get(`${baseUrl}/api/packages`, { tags: { name: 'GET /api/packages' } });
  check(catalog, {
    'catalog 200': (r) => r.status === 200,
    'catalog lists packages': (r) => Array.isArray(r.json()) && r.json().length > 0,
  });
}
