import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { renderInLocale } from '@/testing/i18n';
import { ConfirmDialog } from './confirm-dialog';
import { Dialog } from './dialog';
import { PagedTable } from './paged-table';
import { Pager } from './pager';

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
  renderInLocale(ui);
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
    renderInLocale(
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

describe('the shared controls in Brazilian Portuguese', () => {
  it('should name the dialog’s Close button Fechar', () => {
    renderInLocale(
      <Dialog open onClose={() => undefined} title="Excluir" closeButton>
        <button>Ok</button>
      </Dialog>,
      'pt-BR',
    );
    expect(screen.getByRole('button', { name: 'Fechar' })).toBeInTheDocument();
  });

  it('should offer Cancel as Cancelar, focused first', () => {
    renderInLocale(
      <ConfirmDialog
        open
        title="Excluir concurso"
        message="Não há como desfazer."
        confirmLabel="Excluir"
        pendingLabel="Excluindo..."
        onConfirm={() => undefined}
        onCancel={() => undefined}
      />,
      'pt-BR',
    );
    expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus();
  });

  it('should name the pager and its buttons, and count the rows and pages', async () => {
    const user = userEvent.setup();
    const onPageChange = jest.fn();
    const query = { isLoading: false, isError: false, refetch: () => undefined };
    renderInLocale(
      <PagedTable
        query={query}
        rows={1}
        total={23}
        unit={['mensagem', 'mensagens']}
        texts={{ loadFailed: '', empty: '', emptyFiltered: '' }}
        filtered={false}
        caption="Mensagens"
        columns={['Assunto']}
        minWidth=""
        page={2}
        pageCount={3}
        onPageChange={onPageChange}
        pagerLabel="Páginas de mensagens"
        children={null}
      />,
      'pt-BR',
    );
    expect(screen.getByText('23 mensagens · Página 2 de 3')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Páginas de mensagens' });
    await user.click(within(nav).getByRole('button', { name: 'Página anterior' }));
    await user.click(within(nav).getByRole('button', { name: 'Próxima página' }));
    await user.click(within(nav).getByRole('button', { name: 'Página 3' }));
    expect(onPageChange.mock.calls).toEqual([[1], [3], [3]]);
  });

  it('should call the pager Paginação unless it is named', () => {
    renderInLocale(<Pager page={1} pageCount={2} onPageChange={() => undefined} />, 'pt-BR');
    expect(screen.getByRole('navigation', { name: 'Paginação' })).toBeInTheDocument();
  });
});
