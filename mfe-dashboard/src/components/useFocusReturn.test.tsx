import { useEffect } from 'react';
import { act, render, screen } from '@testing-library/react';
import { useFocusReturn } from './useFocusReturn';

/** What the tab's dialog calls: `setOpener` when it opens, `returnFocus` when it has closed. */
const dialog: Pick<ReturnType<typeof useFocusReturn>, 'setOpener' | 'returnFocus'> = {
  setOpener: () => {},
  returnFocus: () => {},
};

function Tab({ settled, listed }: { settled: boolean; listed: boolean }) {
  const { fallback, setOpener, returnFocus } = useFocusReturn<HTMLButtonElement>({ settled });
  useEffect(() => {
    Object.assign(dialog, { setOpener, returnFocus });
  });
  return (
    <>
      <button type="button">Elsewhere</button>
      {listed ? (
        <button key="list" ref={fallback}>
          New Ticket
        </button>
      ) : (
        <button key="empty">Opener</button>
      )}
    </>
  );
}

describe('useFocusReturn', () => {
  it('gives focus back to the opener while it is on the page', () => {
    render(<Tab settled listed={false} />);
    const opener = screen.getByRole('button', { name: 'Opener' });
    dialog.setOpener(opener);
    act(() => dialog.returnFocus());
    expect(opener).toHaveFocus();
  });

  it('owes focus to the fallback until the list has settled and the fallback is there, whichever comes last', () => {
    const { rerender } = render(<Tab settled listed={false} />);
    dialog.setOpener(screen.getByRole('button', { name: 'Opener' }));
    // The dialog closes before the list's refetch has even started: its opener then goes.
    rerender(<Tab settled={false} listed={false} />);
    rerender(<Tab settled={false} listed />);
    act(() => dialog.returnFocus());
    expect(screen.getByRole('button', { name: 'New Ticket' })).not.toHaveFocus();

    rerender(<Tab settled listed />);
    expect(screen.getByRole('button', { name: 'New Ticket' })).toHaveFocus();

    // Owed once: a later render does not take focus back from where the customer moved it.
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    rerender(<Tab settled listed />);
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });

  it('follows the opener that the refetch takes away after the dialog has closed (a slow answer)', () => {
    const { rerender } = render(<Tab settled={false} listed={false} />);
    const opener = screen.getByRole('button', { name: 'Opener' });
    dialog.setOpener(opener);
    act(() => dialog.returnFocus());
    expect(opener).toHaveFocus();

    rerender(<Tab settled listed />);
    expect(screen.getByRole('button', { name: 'New Ticket' })).toHaveFocus();
  });

  it('leaves focus on the opener the list keeps', () => {
    const { rerender } = render(<Tab settled={false} listed={false} />);
    const opener = screen.getByRole('button', { name: 'Opener' });
    dialog.setOpener(opener);
    act(() => dialog.returnFocus());
    rerender(<Tab settled listed={false} />);
    expect(opener).toHaveFocus();
  });

  it('sends focus to the fallback when the opener is forgotten (its item was deleted)', () => {
    render(<Tab settled listed />);
    dialog.setOpener(null);
    act(() => dialog.returnFocus());
    expect(screen.getByRole('button', { name: 'New Ticket' })).toHaveFocus();
  });
});
