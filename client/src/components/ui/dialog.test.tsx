import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { Dialog } from './dialog';

function Harness({
  busy = false,
  description = 'Nothing can bring it back.',
  focusSecond = false,
}: {
  busy?: boolean;
  description?: string;
  focusSecond?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const secondRef = useRef<HTMLButtonElement>(null);
  const [closes, setCloses] = useState(0);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <p>Closed {closes} times</p>
      <Dialog
        open={open}
        onClose={() => {
          setCloses((n) => n + 1);
          setOpen(false);
        }}
        title="Delete Contest"
        description={description || undefined}
        busy={busy}
        initialFocusRef={focusSecond ? secondRef : undefined}
      >
        <button>First</button>
        <button ref={secondRef}>Second</button>
      </Dialog>
    </>
  );
}

async function openDialog(ui = <Harness />) {
  const user = userEvent.setup();
  render(ui);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Delete Contest' }) };
}

describe('Dialog', () => {
  it('should be a modal dialog labelled by its title and described by its description', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleName('Delete Contest');
    expect(dialog).toHaveAccessibleDescription('Nothing can bring it back.');
    expect(within(dialog).getByRole('heading', { name: 'Delete Contest' })).toBeInTheDocument();
  });

  it('should have no description when none is given', async () => {
    const { dialog } = await openDialog(<Harness description="" />);
    expect(dialog).not.toHaveAttribute('aria-describedby');
  });

  it('should focus the first control', async () => {
    const { dialog } = await openDialog();
    expect(within(dialog).getByRole('button', { name: 'First' })).toHaveFocus();
  });

  it('should focus the control given as initialFocusRef', async () => {
    const { dialog } = await openDialog(<Harness focusSecond />);
    expect(within(dialog).getByRole('button', { name: 'Second' })).toHaveFocus();
  });

  it('should keep Tab inside the dialog', async () => {
    const { user, dialog } = await openDialog();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Second' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'First' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Second' })).toHaveFocus();
  });

  it('should close on Escape and give focus back to what had it', async () => {
    const { user } = await openDialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Closed 1 times')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus());
  });

  it('should close on a click outside but not on a click inside', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('heading', { name: 'Delete Contest' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(dialog.parentElement as HTMLElement);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Closed 1 times')).toBeInTheDocument();
  });

  it('should stay open on Escape and outside clicks while busy', async () => {
    const onClose = jest.fn();
    const user = userEvent.setup();
    render(
      <Dialog open busy onClose={onClose} title="Delete Contest">
        <button>First</button>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete Contest' });
    await user.keyboard('{Escape}');
    await user.click(dialog.parentElement as HTMLElement);
    expect(screen.getByRole('dialog', { name: 'Delete Contest' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('should hide the page behind from assistive technology while open', async () => {
    await openDialog();
    expect(screen.queryByRole('button', { name: 'Open' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open', hidden: true })).toBeInTheDocument();
  });
});
