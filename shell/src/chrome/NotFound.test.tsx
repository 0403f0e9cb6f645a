import { screen } from '@testing-library/react';
import { renderChrome } from './test-utils';
import { NotFound } from './NotFound';

describe('NotFound', () => {
  it("says '404 Page Not Found' in its h1 and links home", () => {
    renderChrome(<NotFound />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('404 Page Not Found');
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(document.title).toMatch(/^Page Not Found \| /);
  });
});
