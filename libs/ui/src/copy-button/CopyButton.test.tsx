import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CopyButton } from './CopyButton';

const hint = 'Select the text and copy it by hand.';

describe('CopyButton', () => {
  afterEach(() => jest.restoreAllMocks());

  it("copies the text, then reads 'Copied' and announces it", async () => {
    const user = userEvent.setup();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    render(<CopyButton text="https://example.com/in/42" label="inbound URL" unavailableHint={hint} />);
    await user.click(screen.getByRole('button', { name: 'Copy inbound URL' }));
    expect(writeText).toHaveBeenCalledWith('https://example.com/in/42');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Copied to the clipboard');
  });

  it('says how to copy by hand when the clipboard refuses', async () => {
    const user = userEvent.setup();
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    render(<CopyButton text="secret" label="signing secret" unavailableHint={hint} tone="muted" />);
    await user.click(screen.getByRole('button', { name: 'Copy signing secret' }));
    expect(screen.getByRole('status')).toHaveTextContent(hint);
    expect(screen.queryByRole('button', { name: 'Copied' })).not.toBeInTheDocument();
  });
});
