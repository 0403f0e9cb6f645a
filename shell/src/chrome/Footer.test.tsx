import { screen, within } from '@testing-library/react';
import { renderChrome } from './test-utils';
import { Footer } from './Footer';

describe('Footer', () => {
  it('has exactly the Services, Company and Support columns of the spec', () => {
    renderChrome(<Footer />);
    const footer = screen.getByRole('contentinfo');
    const columns = within(footer).getAllByRole('navigation');
    const read = (column: HTMLElement) =>
      within(column)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(columns.map((column) => within(column).getByRole('heading').textContent)).toEqual([
      'Services',
      'Company',
      'Support',
    ]);
    expect(read(columns[0])).toEqual([
      // Each lands on its own section of the services page.
      ['Inbound Support', '/services#inbound-support'],
      ['Outbound Sales', '/services#outbound-sales'],
      ['AI Automation', '/services#ai-automation'],
      ['Digital Marketing', '/services#digital-marketing'],
    ]);
    expect(read(columns[1])).toEqual([
      ['About Us', '/about-us'],
      ['Careers', '/careers'],
      ['Contact', '/contact'],
    ]);
    expect(read(columns[2])).toEqual([
      ['Help Center', '/help-center'],
      ['Privacy Policy', '/privacy-policy'],
      ['Terms of Service', '/terms'],
    ]);
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()}`);
  });
});
