import { screen, within } from '@testing-library/react';
import { renderPage, stubFetch } from '@portal/web-testing';
import type { StaffLead } from '@portal/contracts';
import { loadStaffApi } from '../../api/staff-api';
import { ORGANIZATION_ID, signedInAsStaff } from '../../testing/staff-fixtures';
import LeadsPage from './LeadsPage';

const lead = (overrides: Partial<StaffLead>): StaffLead => ({
  id: '99999999-9999-4999-8999-999999999999',
  source: 'form',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'Ann@Example.com',
  company: 'Lee Logistics',
  message: 'More seats, please.',
  cart: null,
  status: 'new',
  statusChangedAt: null,
  notesCount: 2,
  createdAt: '2026-11-25T09:00:00.000Z',
  ...overrides,
});

describe('the leads page', () => {
  beforeAll(() => loadStaffApi());
  afterEach(() => jest.restoreAllMocks());

  it('links a lead whose email is a customer’s to that customer’s organization, case aside', async () => {
    const asked: string[] = [];
    stubFetch({
      'GET /api/crm/staff/leads': (request) => {
        asked.push(new URL(request.url).search);
        return {
          status: 200,
          body: {
            leads: [
              lead({}),
              lead({
                id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
                firstName: 'Bo',
                lastName: 'Kim',
                email: 'bo@kim.test',
                company: null,
              }),
            ],
            nextCursor: null,
          },
        };
      },
      'GET /api/identity/staff/customers': (request) => {
        asked.push(new URL(request.url).search);
        return {
          status: 200,
          body: {
            customers: [
              {
                email: 'ann@example.com',
                userId: '6f1c1d52-8a43-4f0e-9a51-3b7c1f0d2e11',
                name: 'Ann Lee',
                organizations: [{ id: ORGANIZATION_ID, name: 'Lee Logistics', role: 'owner' }],
              },
            ],
          },
        };
      },
    });
    renderPage(<LeadsPage />, { route: '/staff/leads?status=new&q=lee', state: signedInAsStaff });
    const table = await screen.findByRole('table', { name: 'Leads' });
    const link = await within(table).findByRole('link', { name: 'Ann Lee' });
    expect(link).toHaveAttribute('href', `/staff/customers?organization=${ORGANIZATION_ID}`);
    const bo = within(table)
      .getAllByRole('row')
      .find((row) => row.textContent?.includes('Bo Kim'))!;
    expect(bo).toHaveTextContent('Not a customer');
    expect(asked).toEqual(['?status=new&q=lee', '?email=ann%40example.com&email=bo%40kim.test']);
  });
});
