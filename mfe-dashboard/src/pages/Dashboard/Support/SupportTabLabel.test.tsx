import { screen } from '@testing-library/react';
import { renderPage } from '@portal/web-testing';
import { signedInCustomer } from '../dashboard-fixtures';
import { loadSupportApi } from './support-api';
import { stubSupportApi } from './support-fixtures';
import { SupportTabLabel } from './SupportTabLabel';

describe('Support tab label', () => {
  beforeAll(() => loadSupportApi());
  afterEach(() => jest.restoreAllMocks());

  it('counts the tickets with an unread staff reply, in words for a screen reader', async () => {
    stubSupportApi({ 'GET /api/support/tickets/unread': { status: 200, body: { unread: 2 } } });
    renderPage(
      <div role="tab">
        <SupportTabLabel />
      </div>,
      { route: '/dashboard', state: signedInCustomer },
    );
    await screen.findByText('(2 with a new reply)');
    expect(screen.getByRole('tab')).toHaveAccessibleName('Support (2 with a new reply)');
  });

  it('is only "Support" when nothing is unread', async () => {
    const calls = stubSupportApi();
    renderPage(
      <div role="tab">
        <SupportTabLabel />
      </div>,
      { route: '/dashboard', state: signedInCustomer },
    );
    await screen.findByRole('tab', { name: 'Support' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((call) => call.path === '/api/support/tickets/unread')).toBe(true);
    expect(screen.getByRole('tab')).toHaveAccessibleName('Support');
  });
});
