import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormDialog } from './FormDialog';

/** A dialog whose submit checks its one field and says what is wrong. */
function NameDialog({ onSave, onClose }: { onSave: (name: string) => Promise<void>; onClose: () => void }) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!name.trim()) return setProblem('Name is required');
    setProblem(null);
    setBusy(true);
    await onSave(name.trim());
    setBusy(false);
  };
  return (
    <FormDialog
      title="Rename"
      onSubmit={submit}
      onClose={onClose}
      submitLabel="Save"
      busy={busy}
      problem={problem}
    >
      <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} autoFocus />
    </FormDialog>
  );
}

describe('FormDialog', () => {
  it('is a dialog named by its heading; Enter in a field submits, and what is wrong is read out', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn(() => Promise.resolve());
    render(<NameDialog onSave={onSave} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Rename' });
    expect(screen.getByRole('heading', { level: 2, name: 'Rename' })).toBeInTheDocument();

    await user.keyboard('{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Name is required');
    expect(onSave).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Name'), 'Ada{Enter}');
    expect(onSave).toHaveBeenCalledWith('Ada');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });

  it('holds Cancel and spins the submit button while busy; Cancel and Escape close it otherwise', async () => {
    const user = userEvent.setup();
    let finish = () => undefined as void;
    const onSave = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onClose = jest.fn();
    render(<NameDialog onSave={onSave} onClose={onClose} />);
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Save/ })).toBeDisabled();
    finish();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled());

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
