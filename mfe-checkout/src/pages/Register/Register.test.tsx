import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadApi } from '@portal/store';
import { renderPage } from '@portal/web-testing';
import Register from './Register';
import { validateRegistration } from './validate';

describe('validateRegistration (spec section 5)', () => {
  it.each([
    [{ name: ' ', email: 'ann@example.com', password: 'secret123' }, { name: 'Name is required' }],
    [{ name: 'Ann', email: 'ann@', password: 'secret123' }, { email: 'Please enter a valid email address' }],
    [
      { name: 'Ann', email: 'ann@example.com', password: 'abc1' },
      { password: 'Password must be at least 8 characters' },
    ],
    [
      { name: 'Ann', email: 'ann@example.com', password: 'abcdefgh' },
      { password: 'Password must contain at least one number' },
    ],
    [{ name: 'Ann Lee', email: 'ann@example.com', password: 'abcdefg1' }, {}],
  ])('%o → %o', (fields, errors) => {
    expect(validateRegistration(fields)).toEqual(errors);
  });
});

describe('Register', () => {
  // RTK Query arrives on first use; load it once so every test starts with the form on screen.
  beforeAll(() => loadApi());

  it('has the three fields, the password hint and the links', async () => {
    renderPage(<Register />, { route: '/register' });
    expect(await screen.findByLabelText('Full Name')).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(
      screen.getByText('Password must be at least 8 characters and contain at least one number'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('shows the rule a field breaks instead of submitting', async () => {
    renderPage(<Register />, { route: '/register' });
    await userEvent.type(await screen.findByLabelText('Email Address'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'abcdefgh');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Password must contain at least one number')).toBeInTheDocument();
  });
});
