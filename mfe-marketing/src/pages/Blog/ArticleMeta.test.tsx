import { screen } from '@testing-library/react';
import { renderPage } from '@portal/web-testing';
import { findArticle } from '../../content/blog/articles';
import { ArticleMeta } from './ArticleMeta';

const article = findArticle('roi-of-customer-service')!;

describe('ArticleMeta', () => {
  it('shows author, date and read time with no separator glyph in the text that could start a wrapped line', () => {
    const { container } = renderPage(<ArticleMeta article={article} />);
    expect(container).toHaveTextContent(/^Jennifer Walsh\s*October 10, 2024\s*5 min read$/);
    expect(container.textContent).not.toContain('·');
  });

  it("adds the author's role on the article page", () => {
    renderPage(<ArticleMeta article={article} withRole />);
    expect(screen.getByText(`, ${article.authorRole}`, { exact: false })).toBeInTheDocument();
  });
});
