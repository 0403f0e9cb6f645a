import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openQuoteDialog } from '@portal/store';
import { renderChrome } from './test-utils';
import { QuoteDialog } from './QuoteDialog';

describe('QuoteDialog', () => {
  it('opens from the store, explains what happens next and closes with Escape', async () => {
    const { store } = renderChrome(<QuoteDialog />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(openQuoteDialog());
    });
    const dialog = await screen.findByRole('dialog', { name: 'Get a Quote' });
    expect(dialog).toHaveTextContent('within 24 hours');
    expect(screen.getByRole('link', { name: 'Contact Our Team' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('link', { name: 'See Pricing Options' })).toHaveAttribute('href', '/pricing');
    await userEvent.keyboard('{Escape}');
    expect(store.getState().quoteDialog.open).toBe(false);
  });
});
