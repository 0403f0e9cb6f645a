import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it.each([
    ['?redirect=/checkout', '/checkout'],
    ['?redirect=/dashboard', '/dashboard'],
    ['?redirect=/checkout%3Fstep%3D2', '/checkout?step=2'],
    ['?redirect=/checkout%23pay', '/checkout#pay'],
    ['?redirect=/dashboard/../checkout', '/checkout'],
    ['?redirect=/./dashboard', '/dashboard'],
    ['?redirect=/%252F%252Fevil.example', '/%2F%2Fevil.example'],
    ['', '/dashboard'],
  ])('%s stays on the site: %s', (search, target) => {
    expect(safeRedirect(search, '/dashboard')).toBe(target);
  });

  // Each of these passes a "starts with one slash" check but resolves off the site.
  it.each([
    '?redirect=//evil.example',
    '?redirect=https://evil.example',
    '?redirect=/\\evil.example',
    '?redirect=/%5Cevil.example',
    '?redirect=javascript:alert(1)',
    '?redirect=/%09/evil.example',
    '?redirect=/%0A/evil.example',
    '?redirect=%2F%2Fevil.example',
    '?redirect=/%2F%2Fevil.example',
    '?redirect=/..//evil.example',
    '?redirect=/%2e%2e//evil.example',
    '?redirect=/%252e%252e//evil.example',
    '?redirect=/.%2e//evil.example',
    '?redirect=/./%2Fevil.example',
    '?redirect=/.//evil.example',
    '?redirect=/%2e//evil.example',
    '?redirect=/..%5C/evil.example',
    '?redirect=/..%5C%5Cevil.example',
    '?redirect=/.%09.//evil.example',
    '?redirect=/a/../..//evil.example',
    '?redirect=/dashboard/../../%2Fevil.example',
  ])('%s falls back to /dashboard', (search) => {
    expect(safeRedirect(search, '/dashboard')).toBe('/dashboard');
  });

  it('judges the path against the origin it is given', () => {
    expect(safeRedirect('?redirect=/..//evil.example', '/dashboard', 'https://portal.example')).toBe(
      '/dashboard',
    );
    expect(safeRedirect('?redirect=/orders?id=1', '/dashboard', 'https://portal.example')).toBe(
      '/orders?id=1',
    );
  });
});
