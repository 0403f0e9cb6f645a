import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@portal/web-testing';
import Services from './Services';

const SERVICE_NAMES = ['Inbound Support', 'Outbound Sales', 'AI Automation', 'Digital Marketing'];

describe('Services', () => {
  it("presents the footer's four services, each with key features, benefits and three next steps", () => {
    renderPage(<Services />, { route: '/services' });
    for (const name of SERVICE_NAMES) {
      const section = screen.getByRole('region', { name });
      expect(within(section).getByRole('heading', { level: 3, name: 'Key features' })).toBeInTheDocument();
      expect(within(section).getByRole('heading', { level: 3, name: 'Benefits' })).toBeInTheDocument();
      expect(within(section).getByRole('link', { name: `Learn More about ${name}` })).toHaveAttribute(
        'href',
        '/contact',
      );
      expect(
        within(section).getByRole('link', { name: `Schedule Consultation about ${name}` }),
      ).toHaveAttribute('href', '/contact');
      expect(within(section).getByRole('button', { name: 'Get a Quote' })).toBeInTheDocument();
    }
  });

  it("opens the quote dialog from a service's 'Get a Quote', naming the service", async () => {
    const { store } = renderPage(<Services />, { route: '/services' });
    const section = screen.getByRole('region', { name: 'AI Automation' });
    await userEvent.click(within(section).getByRole('button', { name: 'Get a Quote' }));
    expect(store.getState().quoteDialog).toEqual({ open: true, subject: 'Quote request: AI Automation' });
  });

  it('has a Why Choose section and closes with Get Free Consultation and View Pricing', () => {
    renderPage(<Services />, { route: '/services' });
    expect(screen.getByRole('heading', { level: 2, name: /^Why Choose / })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Free Consultation' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('link', { name: 'View Pricing' })).toHaveAttribute('href', '/pricing');
  });
});
