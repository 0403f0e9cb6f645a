import { render, screen, within } from '@testing-library/react';
import { Markup } from './Markup';

describe('Markup', () => {
  it('renders headings at their level, the highlighted line, lists and paragraphs', () => {
    render(
      <Markup
        source={[
          '## Why it matters',
          'Customers **remember** the wait.',
          '### Three levers',
          '- Staffing',
          '- Automation',
          '**Savings reach 60%.**',
        ].join('\n')}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Why it matters' })).toHaveAttribute(
      'id',
      'why-it-matters',
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Three levers' })).toBeInTheDocument();
    expect(screen.getByText('remember').tagName).toBe('STRONG');
    expect(screen.getByText(/Customers/)).toHaveTextContent('Customers remember the wait.');
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Staffing', 'Automation']);
    expect(screen.getByText('Savings reach 60%.').tagName).toBe('P');
  });

  it('shows HTML in the text as text and never injects it', () => {
    const hostile = [
      '## <img src=x onerror="window.hacked=1">',
      '<script>window.hacked = 1</script>',
      '- <a href="javascript:alert(1)">click</a>',
      '**<b>bold</b>**',
    ].join('\n');
    const { container } = render(<Markup source={hostile} />);
    expect(container.querySelector('script, img, a, b')).toBeNull();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      '<img src=x onerror="window.hacked=1">',
    );
    expect(screen.getByText('<script>window.hacked = 1</script>')).toBeInTheDocument();
    expect(screen.getByText('<a href="javascript:alert(1)">click</a>')).toBeInTheDocument();
    expect(screen.getByText('<b>bold</b>')).toBeInTheDocument();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });
});
