import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadApi } from '@portal/store';
import { renderPage } from '@portal/web-testing';
import Login from './Login';

describe('Login', () => {
  // RTK Query arrives on first use; load it once so every test starts with the form on screen.
  beforeAll(() => loadApi());

  it("shows the 'Sign In' form with labelled, required fields", async () => {
    renderPage(<Login />, { route: '/login' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveAttribute('type', 'submit');
    expect(document.title).toMatch(/^Sign In \| /);
  });

  it('shows and hides the password with the toggle', async () => {
    renderPage(<Login />, { route: '/login' });
    const password = await screen.findByLabelText('Password');
    await userEvent.type(password, 'secret123');
    expect(password).toHaveAttribute('type', 'password');

    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveValue('secret123');
  });

  it('links to registration', async () => {
    renderPage(<Login />, { route: '/login' });
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    );
  });
});
