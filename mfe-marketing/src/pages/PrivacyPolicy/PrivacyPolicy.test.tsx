import { screen, within } from '@testing-library/react';
import { renderPage } from '@portal/web-testing';
import PrivacyPolicy from './PrivacyPolicy';

describe('PrivacyPolicy', () => {
  it('shows the Privacy Policy with its effective date and a table of contents that finds each section', () => {
    renderPage(<PrivacyPolicy />, { route: '/privacy-policy' });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText('Effective August 19, 2025')).toBeInTheDocument();
    const contents = within(screen.getByRole('navigation', { name: 'On this page', hidden: true }));
    const children = contents.getByRole('link', { name: "10. Children's privacy", hidden: true });
    const target = document.getElementById(children.getAttribute('href')?.slice(1) ?? '');
    expect(target).toHaveTextContent("10. Children's privacy");
    expect(target?.tagName).toBe('H2');
    expect(screen.getByText(/not for children under 13/)).toBeInTheDocument();
    expect(document.title).toMatch(/^Privacy Policy \| /);
  });
});
