import { act, render, screen } from '@testing-library/react';
import { navigate } from './navigation';
import { matchPath, SectionRoutes, useLocationHash, useLocationSearch, useRouteParams } from './routing';

describe('matchPath', () => {
  it.each([
    ['/', '/', {}],
    ['/pricing', '/pricing', {}],
    ['/pricing', '/pricing/', {}],
    ['/pricing', '/PRICING', {}],
    ['/blog/:slug', '/blog/roi-of-customer-service', { slug: 'roi-of-customer-service' }],
    ['/blog/:slug', '/blog/caf%C3%A9', { slug: 'café' }],
  ])('matches %s against %s', (pattern, pathname, params) => {
    expect(matchPath(pattern, pathname)).toEqual(params);
  });

  it.each([
    ['/', '/pricing'],
    ['/blog', '/blog/a'],
    ['/blog/:slug', '/blog'],
    ['/blog/:slug', '/blog/a/b'],
    ['/blog/:slug', '/blog/%E0%A4%A'],
    ['/about', '/about-us'],
  ])('does not match %s against %s', (pattern, pathname) => {
    expect(matchPath(pattern, pathname)).toBeNull();
  });
});

function Article() {
  return <p>article {useRouteParams().slug}</p>;
}

function Hash() {
  return <output aria-label="hash">{useLocationHash()}</output>;
}

describe('SectionRoutes', () => {
  const routes = [
    { path: '/', element: <p>home</p> },
    { path: '/blog/:slug', element: <Article /> },
  ];

  it('renders the first matching route with its params, follows navigation, and nothing for other paths', () => {
    window.history.replaceState(null, '', '/');
    render(
      <>
        <SectionRoutes routes={routes} />
        <Hash />
      </>,
    );
    expect(screen.getByText('home')).toBeInTheDocument();

    act(() => navigate('/blog/building-customer-loyalty'));
    expect(screen.getByText('article building-customer-loyalty')).toBeInTheDocument();

    act(() => navigate('#details', { replace: true }));
    expect(screen.getByRole('status', { name: 'hash' })).toHaveTextContent('#details');

    act(() => navigate('/checkout'));
    expect(screen.queryByText(/home|article/)).not.toBeInTheDocument();

    // The browser's Back button: the address changes, then popstate.
    act(() => {
      window.history.replaceState(null, '', '/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByText('home')).toBeInTheDocument();
  });
});

describe('useLocationSearch', () => {
  function Search() {
    return <output aria-label="search">{useLocationSearch()}</output>;
  }

  it('follows the query as navigation changes it on the same path', () => {
    window.history.replaceState(null, '', '/checkout');
    render(<Search />);
    expect(screen.getByRole('status', { name: 'search' })).toHaveTextContent('');
    act(() => navigate('/checkout?order=42', { replace: true }));
    expect(screen.getByRole('status', { name: 'search' })).toHaveTextContent('?order=42');
  });
});
