import { screen } from '@testing-library/react';
import { renderPage } from '@portal/web-testing';
import AboutUs from '../AboutUs/AboutUs';
import About from './About';

describe.each([
  ['/about', About],
  ['/about-us', AboutUs],
])('%s', (route, Page) => {
  it('tells the company story: stats, mission, vision, why New Jersey, values and leadership', () => {
    renderPage(<Page />, { route });
    for (const figure of ['500+', '2M+', '99.9%', '60%'])
      expect(screen.getByText(figure)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Our mission' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Our vision' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Why New Jersey' })).toBeInTheDocument();
    for (const value of ['Excellence', 'Partnership', 'Integrity', 'Innovation']) {
      expect(screen.getByRole('heading', { level: 3, name: value })).toBeInTheDocument();
    }
    const leaders = screen
      .getByRole('heading', { level: 2, name: /leadership|accountable/i })
      .closest('section')!;
    expect(leaders.querySelectorAll('li svg text')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'View Pricing' })).toHaveAttribute('href', '/pricing');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});

describe('/about', () => {
  it('links to /contact', () => {
    renderPage(<About />, { route: '/about' });
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  });
});

describe('/about-us', () => {
  it('adds why businesses choose us, the four services and Get Started Today', () => {
    renderPage(<AboutUs />, { route: '/about-us' });
    for (const reason of [
      '60% cost reduction',
      '24/7 support',
      'AI automation',
      'Scalable',
      'US-based management',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name: reason })).toBeInTheDocument();
    }
    for (const service of ['Inbound Support', 'Outbound Sales', 'AI Automation', 'Digital Marketing']) {
      expect(screen.getByRole('heading', { level: 3, name: service })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Get Started Today' })).toHaveAttribute('href', '/contact');
  });
});
