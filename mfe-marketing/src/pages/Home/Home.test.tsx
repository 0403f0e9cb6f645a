import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@portal/web-testing';
import { Home } from './Home';

describe('Home', () => {
  it('leads with a benefit-led headline and names the page', () => {
    renderPage(<Home />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/60% less/);
    expect(document.title).toMatch(/^Contact-center and AI-automation outsourcing \| /);
  });

  it("opens the shell's quote dialog from 'Get a Quote'", async () => {
    const { store } = renderPage(<Home />);
    expect(store.getState().quoteDialog.open).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Get a Quote' }));
    expect(store.getState().quoteDialog.open).toBe(true);
  });

  it("links 'Explore Platform' to /platform", () => {
    renderPage(<Home />);
    expect(screen.getByRole('link', { name: 'Explore Platform' })).toHaveAttribute('href', '/platform');
  });

  it('shows the six metric tiles of the spec', () => {
    renderPage(<Home />);
    for (const [value, label] of [
      ['60%', 'Cost reduction'],
      ['-35s', 'Faster resolution'],
      ['+28%', 'NPS increase'],
      ['97%', 'First-call resolution'],
      ['85%', 'Automation rate'],
      ['24/7', 'Coverage'],
    ]) {
      expect(screen.getByText(value)).toBeInTheDocument();
      expect(screen.getByText(label)).toBeInTheDocument();
    }
  });
});
