import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { customerMe, stubFetch, customer as user } from '@portal/web-testing';
import { renderChrome } from './test-utils';
import { Header } from './Header';

const signedOut = { session: { hasToken: false, user: null, checking: false } };
const signedIn = { session: { hasToken: true, user, checking: false } };

describe('Header', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => jest.restoreAllMocks());

  it('is a banner with the main navigation', () => {
    renderChrome(<Header pathname="/pricing" />, signedOut);
    const nav = within(screen.getByRole('banner')).getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Services', '/services'],
      ['Pricing', '/pricing'],
      ['About', '/about'],
      ['Contact', '/contact'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: /home$/ })).toHaveAttribute('href', '/');
  });

  // The section each page belongs to: 'page' on the item's own page, 'true' on the pages under it.
  it.each([
    ['/', 'Home', 'page'],
    ['/services', 'Services', 'page'],
    ['/platform', 'Services', 'true'],
    ['/pricing', 'Pricing', 'page'],
    ['/checkout', 'Pricing', 'true'],
    ['/about', 'About', 'page'],
    ['/about-us', 'About', 'true'],
    ['/careers', 'About', 'true'],
    ['/blog', 'About', 'true'],
    ['/blog/ai-in-contact-centers', 'About', 'true'],
    ['/contact', 'Contact', 'page'],
    ['/help-center', 'Contact', 'true'],
    ['/docs', 'Contact', 'true'],
  ])('marks the navigation item of %s: %s (aria-current=%s)', (pathname, label, current) => {
    renderChrome(<Header pathname={pathname} />, signedOut);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const marked = within(nav)
      .getAllByRole('link')
      .filter((link) => link.hasAttribute('aria-current'))
      .map((link) => [link.textContent, link.getAttribute('aria-current')]);
    expect(marked).toEqual([[label, current]]);
  });

  it('marks no navigation item on the legal pages', () => {
    renderChrome(<Header pathname="/terms" />, signedOut);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .filter((link) => link.hasAttribute('aria-current')),
    ).toEqual([]);
  });

  it.each([
    ['/dashboard', 'page'],
    ['/dashboard/support', 'true'],
    ['/customer-dashboard', 'true'],
  ])("marks 'Dashboard' on %s (aria-current=%s)", (pathname, current) => {
    renderChrome(<Header pathname={pathname} />, signedIn);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', current);
  });

  it("marks 'Sign In' on the sign-in page", () => {
    renderChrome(<Header pathname="/login" />, signedOut);
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('aria-current', 'page');
  });

  it("offers 'Sign In' and 'Get a Quote' when signed out", async () => {
    const { store } = renderChrome(<Header pathname="/" />, signedOut);
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Get a Quote' }));
    expect(store.getState().quoteDialog.open).toBe(true);
  });

  it("offers 'Dashboard', 'Sign Out' and 'Get a Quote' when signed in", () => {
    renderChrome(<Header pathname="/" />, signedIn);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get a Quote' })).toBeInTheDocument();
  });

  it("leads staff to the 'Staff Console' instead of a customer dashboard they do not have", () => {
    const staff = { ...user, role: 'admin' as const };
    renderChrome(<Header pathname="/staff/leads" />, { session: { hasToken: true, user: staff, checking: false } });
    expect(screen.getByRole('link', { name: 'Staff Console' })).toHaveAttribute('href', '/staff');
    expect(screen.getByRole('link', { name: 'Staff Console' })).toHaveAttribute('aria-current', 'true');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('shows neither state while the current-user call runs', () => {
    renderChrome(<Header pathname="/" />, { session: { hasToken: true, user: null, checking: true } });
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get a Quote' })).toBeInTheDocument();
  });

  it('counts a token without a loaded user as signed out', () => {
    renderChrome(<Header pathname="/" />, { session: { hasToken: true, user: null, checking: false } });
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
  });

  it('Sign Out revokes the session with the bearer token, removes both tokens and shows the signed-out header', async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('auth_token', 'tok-0');
    const calls = stubFetch({ 'POST /api/auth/logout': { status: 204 } });
    // jsdom cannot load the page again; the reload to / is the browser's part.
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderChrome(<Header pathname="/" />, signedIn);
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(calls.filter(({ path }) => path.startsWith('/api/auth/'))).toEqual([
      { method: 'POST', path: '/api/auth/logout', authorization: 'Bearer tok-1', body: undefined },
    ]);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('Sign Out still signs out when the server fails', async () => {
    localStorage.setItem('token', 'tok-1');
    stubFetch({
      'POST /api/auth/logout': {
        status: 503,
        body: { statusCode: 503, message: 'Service identity is unavailable' },
      },
    });
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderChrome(<Header pathname="/" />, signedIn);
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('opens the mobile menu from its labelled toggle and closes it with Escape', async () => {
    renderChrome(<Header pathname="/" />, signedOut);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const menu = within(dialog).getByRole('navigation', { name: 'Mobile' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Services', 'Pricing', 'About', 'Contact']);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(toggle).toHaveFocus());
  });

  describe('organization switcher', () => {
    const LEE = customerMe.organizationId;
    const ACME = '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d';
    const organizations = {
      organizations: [
        { id: ACME, name: 'Acme Logistics', role: 'billing' },
        { id: LEE, name: 'Lee Logistics', role: 'owner' },
      ],
    };
    const inLee = { session: { hasToken: true, user: customerMe, checking: false } };
    const switcher = () => screen.findByRole('button', { name: /^Organization: / });

    it('lists the organizations with the role in each, the current one marked; choosing another switches the token to it', async () => {
      localStorage.setItem('token', 'lee-token');
      const calls = stubFetch({
        'GET /api/organizations': { status: 200, body: organizations },
        'POST /api/auth/token': { status: 200, body: { token: 'acme-token', user } },
        'GET /api/auth/me': {
          status: 200,
          body: {
            ...customerMe,
            organizationId: ACME,
            organizationName: 'Acme Logistics',
            orgRole: 'billing',
          },
        },
      });
      const { store } = renderChrome(<Header pathname="/dashboard" />, inLee);
      const button = await switcher();
      expect(button).toHaveAccessibleName('Organization: Lee Logistics. Switch organization');
      expect(button).toHaveAttribute('aria-haspopup', 'menu');
      await userEvent.click(button);
      const menu = screen.getByRole('menu', { name: /^Organization: / });
      const items = within(menu).getAllByRole('menuitemradio');
      expect(items.map((item) => item.textContent)).toEqual(['Acme LogisticsBilling', 'Lee LogisticsOwner']);
      expect(items[1]).toHaveAttribute('aria-checked', 'true');
      // Focus starts on the organization acted in; the arrow keys move, Enter chooses.
      expect(items[1]).toHaveFocus();
      await userEvent.keyboard('{ArrowUp}');
      expect(items[0]).toHaveFocus();
      await userEvent.keyboard('{Enter}');
      await waitFor(() => expect(store.getState().session.user?.organizationId).toBe(ACME));
      expect(calls.find(({ path }) => path === '/api/auth/token')).toMatchObject({
        method: 'POST',
        body: { organizationId: ACME },
        authorization: 'Bearer lee-token',
      });
      expect(localStorage.getItem('token')).toBe('acme-token');
      expect(store.getState().session.user?.orgRole).toBe('billing');
      expect(window.location.pathname).not.toBe('/login');
    });

    it('closes with Escape, focus back on its button', async () => {
      stubFetch({ 'GET /api/organizations': { status: 200, body: organizations } });
      renderChrome(<Header pathname="/dashboard" />, inLee);
      const button = await switcher();
      button.focus();
      await userEvent.keyboard('{ArrowDown}');
      expect(screen.getByRole('menu')).toBeInTheDocument();
      await userEvent.keyboard('{Escape}');
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
      expect(button).toHaveFocus();
      expect(button).toHaveAttribute('aria-expanded', 'false');
    });

    it('is not there for a member of one organization', async () => {
      const calls = stubFetch({
        'GET /api/organizations': {
          status: 200,
          body: { organizations: [{ id: LEE, name: 'Lee Logistics', role: 'owner' }] },
        },
      });
      renderChrome(<Header pathname="/" />, inLee);
      await waitFor(() => expect(calls.map(({ path }) => path)).toContain('/api/organizations'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(screen.queryByRole('button', { name: /^Organization: / })).not.toBeInTheDocument();
    });

    it('asks nothing of a visitor who is not signed in', async () => {
      const calls = stubFetch({});
      renderChrome(<Header pathname="/" />, signedOut);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(calls).toEqual([]);
    });
  });
});
