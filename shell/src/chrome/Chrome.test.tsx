import { render, screen } from '@testing-library/react';
import { Chrome } from './Chrome';

/** A slot as the served page has it: the build's inert copy, then its end mark. */
function slotWithCopy(markup: string) {
  const slot = document.createElement('div');
  slot.innerHTML = `<div data-prerendered inert>${markup}</div><!--/prerendered-->`;
  document.body.append(slot);
  return slot;
}

describe('Chrome: the served copy of the header and footer', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('is replaced by the live header and footer in their first commit: one banner, one contentinfo', () => {
    const header = slotWithCopy('<header><a href="/pricing">Pricing</a></header>');
    const footer = slotWithCopy('<footer><a href="/terms">Terms of Service</a></footer>');
    const notFound = document.createElement('div');
    document.body.append(notFound);

    render(<Chrome slots={{ header, footer, notFound }} />);

    expect(document.querySelectorAll('[data-prerendered]')).toHaveLength(0);
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    expect(screen.getAllByRole('contentinfo')).toHaveLength(1);
    expect(header.querySelectorAll('header')).toHaveLength(1);
    expect(footer.querySelectorAll('footer')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Millstone CX home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  });
});
