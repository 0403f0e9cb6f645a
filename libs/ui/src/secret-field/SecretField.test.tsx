import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SecretField } from './SecretField';

describe('SecretField', () => {
  it('masks the value until the toggle shows it, naming what it holds', async () => {
    const user = userEvent.setup();
    render(<SecretField label="API Key" secretName="API key" defaultValue="pat-na1-42" />);
    const input = screen.getByLabelText('API Key');
    expect(input).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show API key' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide API key' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Hide API key' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it("keeps the caller's input attributes beside the toggle", () => {
    render(
      <SecretField label="Password" secretName="password" slotProps={{ htmlInput: { maxLength: 12 } }} />,
    );
    expect(screen.getByLabelText('Password')).toHaveAttribute('maxLength', '12');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
  });
});
