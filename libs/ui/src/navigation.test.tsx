import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouteLink } from './RouteLink';
import { isInternalPath } from './navigation';

describe('internal links', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));

  it('navigate in place with pushState (which single-spa turns into a re-route)', async () => {
    const pushState = jest.spyOn(window.history, 'pushState');
    render(<RouteLink href="/pricing">Pricing</RouteLink>);
    await userEvent.click(screen.getByRole('link', { name: 'Pricing' }));
    expect(pushState).toHaveBeenCalledWith(null, '', '/pricing');
    expect(window.location.pathname).toBe('/pricing');
    pushState.mockRestore();
  });

  it('leave modified clicks (new tab) to the browser', async () => {
    const pushState = jest.spyOn(window.history, 'pushState');
    render(<RouteLink href="/pricing">Pricing</RouteLink>);
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
