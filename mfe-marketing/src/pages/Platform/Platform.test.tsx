import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { renderPage, tabsOf } from '@portal/web-testing';
import Platform from './Platform';

/** Shows the hash, as the address bar would. */
function Hash() {
  return <output aria-label="hash">{useLocation().hash}</output>;
}

const page = (
  <>
    <Platform />
    <Hash />
  </>
);

describe('Platform', () => {
  it('has six tabs in the spec order, each with a title, a description and four features', async () => {
    renderPage(page, { route: '/platform' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'One platform for every customer conversation',
    );
    const tabs = tabsOf('Platform capabilities');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'AI Bots',
      'Engagement',
      'Analytics',
      'WFM',
      'Channels',
      'Platform',
    ]);

    for (const tab of tabs) {
      await userEvent.click(tab);
      const panel = screen.getByRole('tabpanel', { name: tab.textContent! });
      expect(within(panel).getByRole('heading', { level: 3 })).not.toBeEmptyDOMElement();
      expect(within(panel).getAllByRole('listitem')).toHaveLength(4);
    }
  });

  it('opens the tab the URL hash names and keeps the choice in the hash', async () => {
    renderPage(page, { route: '/platform#wfm' });
    expect(screen.getByRole('tab', { name: 'WFM' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'WFM' })).toHaveTextContent('Workforce management');

    await userEvent.click(screen.getByRole('tab', { name: 'Channels' }));
    expect(screen.getByRole('tab', { name: 'Channels' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('status', { name: 'hash' })).toHaveTextContent('#channels');
  });

  it('starts on AI Bots when the hash names no tab', () => {
    renderPage(page, { route: '/platform#nothing' });
    expect(screen.getByRole('tab', { name: 'AI Bots' })).toHaveAttribute('aria-selected', 'true');
  });

  it("opens the quote dialog from 'Learn More', naming the capability", async () => {
    const { store } = renderPage(page, { route: '/platform#analytics' });
    await userEvent.click(screen.getByRole('button', { name: 'Learn More about Analytics' }));
    expect(store.getState().quoteDialog).toEqual({
      open: true,
      subject: 'Platform: Analytics that show what every conversation is worth',
    });
  });

  it("opens the quote dialog from the panel's 'Get a Quote'", async () => {
    const { store } = renderPage(page, { route: '/platform' });
    const panel = screen.getByRole('tabpanel', { name: 'AI Bots' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Get a Quote' }));
    expect(store.getState().quoteDialog).toEqual({
      open: true,
      subject: 'Platform: AI bots that resolve, not just deflect',
    });
  });
});
