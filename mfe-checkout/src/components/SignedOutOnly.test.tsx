import type { ReactElement } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { loadApi, type RootState } from '@portal/store';
import { checkingSession, renderPage, customer } from '@portal/web-testing';
import Login from '../pages/Login/Login';
import Register from '../pages/Register/Register';

const signedInAs = (role: 'customer' | 'admin'): Partial<RootState> => ({
  session: { hasToken: true, user: { ...customer, role }, checking: false },
});

/** The page at its path, as the section routes it: another path shows nothing. */
const routed = (path: string, page: ReactElement) => (
  <Routes>
    <Route path={path} element={page} />
    <Route path="*" element={null} />
  </Routes>
);

/** The text of every h1 put on the page while `during` runs, even one removed again at once. */
async function headingsShownDuring(during: () => Promise<void>): Promise<string[]> {
  const shown: string[] = [];
  const observer = new MutationObserver((records) => {
    for (const { addedNodes } of records) {
      for (const node of addedNodes) {
        if (node instanceof Element) {
          shown.push(
            ...[node, ...node.querySelectorAll('h1')]
              .filter((el) => el.tagName === 'H1')
              .map((el) => el.textContent),
          );
        }
      }
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  await during();
  await Promise.resolve();
  observer.disconnect();
  return shown;
}

describe.each([
  ['/login', <Login key="login" />, 'Sign In'],
  ['/register', <Register key="register" />, 'Create your account'],
])('%s for a visitor who is already signed in', (path, page, heading) => {
  // RTK Query arrives on first use; load it once so the page does not wait for it.
  beforeAll(() => loadApi());

  it.each([
    ['(no redirect)', '/dashboard'],
    ['?redirect=/checkout', '/checkout'],
    ['?redirect=//evil.example', '/dashboard'],
    ['?redirect=https://evil.example/x', '/dashboard'],
  ])('sends a signed-in customer (%s) to %s without showing the form', async (search, target) => {
    const shown = await headingsShownDuring(async () => {
      renderPage(routed(path, page), {
        route: `${path}${search.startsWith('?') ? search : ''}`,
        state: signedInAs('customer'),
      });
      await waitFor(() => expect(window.location.href).toBe(`http://localhost${target}`));
    });
    expect(shown).not.toContain(heading);
  });

  it('shows the loading page while the current-user call runs, then the form once signed out', async () => {
    const { store } = renderPage(routed(path, page), { route: path, state: checkingSession });
    expect(await screen.findByLabelText('Loading page')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: heading })).not.toBeInTheDocument();
    act(() => store.dispatch({ type: 'session/userCheckFailed' }));
    act(() => store.dispatch({ type: 'session/tokenPresenceChanged', payload: false }));
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(window.location.pathname).toBe(path);
  });

  it('keeps the form for a signed-in user who is not a customer (the dashboard would send them back)', async () => {
    renderPage(routed(path, page), { route: path, state: signedInAs('admin') });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(window.location.pathname).toBe(path);
  });
});
