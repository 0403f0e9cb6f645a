import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderPage } from '@portal/web-testing';
import BlogArticle from './BlogArticle';

const renderArticle = (slug: string) =>
  renderPage(
    <Routes>
      <Route path="/blog/:slug" element={<BlogArticle />} />
    </Routes>,
    { route: `/blog/${slug}` },
  );

describe('BlogArticle', () => {
  it('shows the article with its category, meta, image and rendered body', () => {
    renderArticle('when-to-outsource-call-center');
    expect(screen.getByRole('link', { name: '← Back to Blog' })).toHaveAttribute('href', '/blog');
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'When Is the Right Time to Outsource Your Call Center?',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('Business Strategy')).toBeInTheDocument();
    expect(screen.getByText('Michael Donnelly')).toBeInTheDocument();
    expect(screen.getByText('November 21, 2024')).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'A clock beside rising queue bars and a location pin' }),
    ).toHaveAttribute('height', '630');
    expect(
      screen.getByRole('heading', { level: 2, name: 'Six signs your support team has outgrown its setup' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 3, name: '2. Customers reach you only during business hours' }),
    ).toBeInTheDocument();
    expect(document.title).toMatch(/^When Is the Right Time to Outsource Your Call Center\? \| /);
  });

  it("ends with 'Ready to Get Started?' and a consultation link", () => {
    renderArticle('roi-of-customer-service');
    expect(screen.getByRole('heading', { name: 'Ready to Get Started?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Schedule a Consultation' })).toHaveAttribute('href', '/contact');
  });

  it("answers an unknown slug with 'Article Not Found' and a way back", () => {
    renderArticle('no-such-article');
    expect(screen.getByRole('heading', { level: 1, name: 'Article Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to Blog' })).toHaveAttribute('href', '/blog');
    expect(screen.queryByText('Ready to Get Started?')).not.toBeInTheDocument();
  });

  it("gives 'Article Not Found' the look of the 404 page: 'Error 404' above it, centred, a button back", () => {
    renderArticle('no-such-article');
    const heading = screen.getByRole('heading', { level: 1, name: 'Article Not Found' });
    expect(heading.previousElementSibling).toHaveTextContent('Error 404');
    expect(getComputedStyle(heading.parentElement as HTMLElement).textAlign).toBe('center');
    expect(screen.getByRole('link', { name: '← Back to Blog' })).toHaveClass('MuiButton-contained');
  });
});
