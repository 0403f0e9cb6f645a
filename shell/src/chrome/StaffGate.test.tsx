import { screen } from '@testing-library/react';
import { customerMe } from '@portal/web-testing';
import type { RootState } from '@portal/store';
import { setRouteTable } from '../sections/route-table';
import { staffConsoleAllowed } from '../staff-access';
import { StaffGate } from './Chrome';
import { renderChrome } from './test-utils';

const staffMe = {
  id: '0b5cf6e4-3f9f-4e1c-9d5d-7a1e2f3c4d5e',
  name: 'Sam Ortiz',
  email: 'sam@millstonecx.com',
  role: 'admin' as const,
  organizationId: null,
  organizationName: null,
  orgRole: null,
};

const session = (user: RootState['session']['user'], checking = false): Partial<RootState> =>
  ({ session: { hasToken: user !== null || checking, user, checking } }) as Partial<RootState>;

function renderGate(pathname: string, state: Partial<RootState>) {
  const slot = document.createElement('div');
  document.body.append(slot);
  const view = renderChrome(<StaffGate pathname={pathname} slot={slot} />, state);
  return { ...view, slot };
}

describe('StaffGate: the staff console for staff only', () => {
  beforeAll(() => setRouteTable({ marketing: ['/'], staff: ['/staff', '/staff/leads'] }));
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('lets a signed-in staff member have the console, with no notice', () => {
    const { slot } = renderGate('/staff', session(staffMe));
    expect(staffConsoleAllowed()).toBe(true);
    expect(slot).toBeEmptyDOMElement();
  });

  it('asks a visitor to sign in with a staff account, and comes back to the address', async () => {
    renderGate('/staff/leads', session(null));
    expect(staffConsoleAllowed()).toBe(false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign-in required' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in with a staff account' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fstaff%2Fleads',
    );
  });

  it('tells a customer the console is not theirs, and never allows it', async () => {
    renderGate('/staff', session(customerMe));
    expect(staffConsoleAllowed()).toBe(false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff only' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('waits for the session before saying anything', async () => {
    const { slot } = renderGate('/staff', session(null, true));
    expect(staffConsoleAllowed()).toBe(false);
    expect(await screen.findByLabelText('Loading page')).toHaveAttribute('aria-busy', 'true');
    expect(slot.querySelector('h1')).toBeNull();
  });

  it('shows nothing away from the console, and withdraws access when staff sign out', () => {
    const { slot, rerender } = renderGate('/', session(staffMe));
    expect(staffConsoleAllowed()).toBe(true);
    expect(slot).toBeEmptyDOMElement();
    rerender(<></>);
    renderGate('/', session(null));
    expect(staffConsoleAllowed()).toBe(false);
  });
});
