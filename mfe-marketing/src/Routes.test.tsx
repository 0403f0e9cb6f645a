import { screen } from '@testing-library/react';
import { renderPage } from '@portal/web-testing';
import { MarketingRoutes } from './Root';

describe('marketing routes', () => {
  it.each([
    ['/services', 'Customer service outsourcing built around your business', 'Services'],
    ['/pricing', 'Custom pricing, with no hidden fees', 'Pricing'],
    ['/about-us', 'Why 500+ businesses trust us with their customers', 'About Us'],
    ['/privacy-policy', 'Privacy Policy', 'Privacy Policy'],
    [
      '/blog/roi-of-customer-service',
      'Measuring the ROI of Customer Service',
      'Measuring the ROI of Customer Service',
    ],
    ['/blog/no-such-article', 'Article Not Found', 'Article Not Found'],
  ])('%s loads its page with one h1 and a title', async (route, heading, title) => {
    renderPage(<MarketingRoutes />, { route });
    // Each page is a lazy module: the first import compiles it, which took over a second on a busy CI.
    expect(
      await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title.startsWith(`${title} | `)).toBe(true);
  });

  it('renders nothing for a path another section serves', () => {
    const { container } = renderPage(<MarketingRoutes />, { route: '/login' });
    expect(container).toBeEmptyDOMElement();
  });
});
