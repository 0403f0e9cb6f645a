import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@portal/web-testing';
import Careers from './Careers';

describe('Careers', () => {
  it('lists the four positions with department, location, type and requirements', () => {
    renderPage(<Careers />, { route: '/careers' });
    const titles = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Customer Service Representative',
        'AI Automation Specialist',
        'Sales Development Representative',
        'Team Lead - Operations',
      ]),
    );
    const position = screen.getByRole('heading', { level: 3, name: 'Team Lead - Operations' }).closest('li')!;
    expect(within(position).getByText('Full-time')).toBeInTheDocument();
    expect(within(position).getByText('Operations')).toBeInTheDocument();
    expect(within(position).getByText('Manila, Philippines')).toBeInTheDocument();
    expect(within(position).getByRole('heading', { name: 'Requirements' })).toBeInTheDocument();
    expect(screen.getAllByText('Full-time')).toHaveLength(4);
  });

  it("opens the contact dialog from 'Apply Now' with the position as its subject", async () => {
    const { store } = renderPage(<Careers />, { route: '/careers' });
    await userEvent.click(screen.getByRole('button', { name: 'Apply Now for AI Automation Specialist' }));
    expect(store.getState().quoteDialog).toEqual({
      open: true,
      subject: 'Application: AI Automation Specialist',
    });
  });

  it('explains the four-step process and links to /contact and /about-us', () => {
    renderPage(<Careers />, { route: '/careers' });
    const steps = screen.getByRole('heading', { level: 2, name: 'Our hiring process' }).closest('section')!;
    expect(within(steps).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about-us');
    expect(document.title).toMatch(/^Careers \| /);
  });
});
