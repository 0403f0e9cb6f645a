import { screen, waitForElementToBeRemoved, within } from '@testing-library/react';
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

  it("opens the job application form from 'Apply Now', on that role, not the sales quote dialog", async () => {
    const { store } = renderPage(<Careers />, { route: '/careers' });
    await userEvent.click(screen.getByRole('button', { name: 'Apply Now for AI Automation Specialist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply for a role' });
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toHaveValue('AI Automation Specialist');
    expect(within(dialog).getByRole('button', { name: /Attach CV/ })).toBeInTheDocument();
    expect(store.getState().quoteDialog.open).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));
    await userEvent.click(screen.getByRole('button', { name: 'Apply Now for Team Lead - Operations' }));
    expect(await screen.findByRole('combobox', { name: 'Role' })).toHaveValue('Team Lead - Operations');
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
