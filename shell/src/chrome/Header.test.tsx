import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderChrome } from './test-utils';
import { Header } from './Header';

const signedOut = { session: { hasToken: false, user: null } };
const signedIn = { session: { hasToken: true, user: null } };

describe('Header', () => {
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

  it("offers 'Sign In' and 'Get a Quote' when signed out", async () => {
    const { store } = renderChrome(<Header pathname="/" />, signedOut);
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Get a Quote' }));
    expect(store.getState().quoteDialog.open).toBe(true);
  });

  it("offers 'Dashboard', 'Sign Out' and 'Get a Quote' when a token exists; Sign Out removes both tokens", async () => {
    localStorage.setItem('token', 'a');
    localStorage.setItem('auth_token', 'b');
    // jsdom cannot load the page again; the reload to / is the browser's part.
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderChrome(<Header pathname="/" />, signedIn);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get a Quote' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('auth_token')).toBeNull();
    consoleError.mockRestore();
  });

  it('opens the mobile menu from its labelled toggle and closes it with Escape', async () => {
    renderChrome(<Header pathname="/" />, signedOut);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const menu = await screen.findByRole('navigation', { name: 'Mobile' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Services', 'Pricing', 'About', 'Contact']);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
