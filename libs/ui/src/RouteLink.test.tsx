import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, useLinkClickHandler } from 'react-router-dom';
import { RouteButton, RouteLink } from './RouteLink';
import { isInternalPath } from './internal-path';

const inRouter = (link: ReactNode) => render(<BrowserRouter>{link}</BrowserRouter>);

describe('internal links', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));

  it('navigate in place with pushState (which single-spa turns into a re-route)', async () => {
    const pushState = jest.spyOn(window.history, 'pushState');
    inRouter(<RouteLink href="/pricing">Pricing</RouteLink>);
    expect(screen.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    await userEvent.click(screen.getByRole('link', { name: 'Pricing' }));
    expect(pushState).toHaveBeenCalledWith(expect.anything(), '', '/pricing');
    expect(window.location.pathname).toBe('/pricing');
    pushState.mockRestore();
  });

  it('render button-styled links the same way', async () => {
    inRouter(<RouteButton href="/contact?topic=sales">Contact</RouteButton>);
    await userEvent.click(screen.getByRole('link', { name: 'Contact' }));
    expect(window.location.pathname + window.location.search).toBe('/contact?topic=sales');
  });

  it('leave a click to an onClick that navigates itself, e.g. with history state for the next page', async () => {
    function ForgotPasswordLink() {
      const withEmail = useLinkClickHandler<HTMLAnchorElement>('/forgot-password', {
        state: { email: 'ann@example.com' },
      });
      return (
        <RouteLink href="/forgot-password" onClick={withEmail}>
          Forgot password?
        </RouteLink>
      );
    }
    const pushState = jest.spyOn(window.history, 'pushState');
    inRouter(<ForgotPasswordLink />);
    await userEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(pushState).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/forgot-password');
    expect((window.history.state as { usr?: unknown }).usr).toEqual({ email: 'ann@example.com' });
    pushState.mockRestore();
  });

  it('leave modified clicks (new tab) to the browser', async () => {
    const pushState = jest.spyOn(window.history, 'pushState');
    inRouter(<RouteLink href="/pricing">Pricing</RouteLink>);
    const user = userEvent.setup();
    await user.keyboard('{Control>}');
    await user.click(screen.getByRole('link', { name: 'Pricing' }));
    await user.keyboard('{/Control}');
    expect(pushState).not.toHaveBeenCalled();
    pushState.mockRestore();
  });
});

describe('isInternalPath', () => {
  it('treats only same-site paths as internal', () => {
    expect(isInternalPath('/contact')).toBe(true);
    expect(isInternalPath('//cdn.example/x')).toBe(false);
    expect(isInternalPath('mailto:hello@example.com')).toBe(false);
  });
});
