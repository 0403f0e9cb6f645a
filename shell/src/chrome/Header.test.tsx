import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch, customer as user } from '@portal/web-testing';
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
    expect(calls).toEqual([
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
});
