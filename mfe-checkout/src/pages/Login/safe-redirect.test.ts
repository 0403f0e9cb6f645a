import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it.each([
    ['?redirect=/checkout', '/checkout'],
    ['?redirect=/dashboard', '/dashboard'],
    ['?redirect=/checkout%3Fstep%3D2', '/checkout?step=2'],
    ['?redirect=//evil.example', '/dashboard'],
    ['?redirect=https://evil.example', '/dashboard'],
    ['?redirect=/\\evil.example', '/dashboard'],
    ['?redirect=javascript:alert(1)', '/dashboard'],
    ['?redirect=/%09/evil.example', '/dashboard'],
    ['?redirect=%2F%2Fevil.example', '/dashboard'],
    ['', '/dashboard'],
  ])('%s → %s', (search, target) => {
    expect(safeRedirect(search, '/dashboard')).toBe(target);
  });
});
