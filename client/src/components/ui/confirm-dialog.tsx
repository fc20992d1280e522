// "Are you sure?" before a destructive or binding action; Cancel has focus first.
import { Trans } from '@lingui/react/macro';
import { useRef, type ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** The confirm button's text while the request runs, e.g. 'Deleting...'. */
  pendingLabel: string;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ open, title, message, confirmLabel, pendingLabel, pending = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog open={open} onClose={onCancel} title={title} description={message} busy={pending} initialFocusRef={cancelRef}>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button ref={cancelRef} variant="outline" onClick={onCancel} disabled={pending}>
          <Trans>Cancel</Trans>
        </Button>
        <Button onClick={onConfirm} disabled={pending}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
