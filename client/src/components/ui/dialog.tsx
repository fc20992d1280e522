// A modal dialog on Radix (@radix-ui/react-dialog): role=dialog with aria-modal, labelled by its title
// and described by its description; focus moves in, stays in (Tab wraps) and goes back to what had it;
// Escape and a click outside close it (not while busy). The page behind is hidden from assistive
// technology and does not scroll while it is open.
import { useLingui } from '@lingui/react/macro';
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode, type RefObject } from 'react';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Shown under the title and read as the dialog's description. */
  description?: ReactNode;
  children?: ReactNode;
  /** While true, Escape and outside clicks do nothing (a request is under way). */
  busy?: boolean;
  /** What gets focus first; the first focusable control otherwise. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Adds a × button in the corner (labelled 'Close'), which closes like Escape does. */
  closeButton?: boolean;
}

export function Dialog({ open, onClose, title, description, children, busy = false, initialFocusRef, closeButton = false }: DialogProps) {
  // There is no Radix trigger (callers open the dialog from their own state), so the element that had
  // focus before opening is remembered here and gets it back on close.
  const previous = useRef<HTMLElement | null>(null);
  const { t } = useLingui();
  const keepOpenWhileBusy = (event: Event) => {
    if (busy) event.preventDefault();
  };

  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onClose();
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay fixed inset-0 z-50 flex items-end justify-center bg-night-950/80 p-4 backdrop-blur-sm sm:items-center">
          <RadixDialog.Content
            aria-modal="true"
            onOpenAutoFocus={(event) => {
              previous.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
              const target = initialFocusRef?.current;
              if (target) {
                event.preventDefault();
                target.focus();
              }
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              if (previous.current?.isConnected) previous.current.focus();
              previous.current = null;
            }}
            onEscapeKeyDown={keepOpenWhileBusy}
            onPointerDownOutside={keepOpenWhileBusy}
            onInteractOutside={keepOpenWhileBusy}
            className="relative max-h-full w-full max-w-md overflow-y-auto rounded-xl border border-night-600 bg-night-900 p-6 shadow-2xl focus:outline-none"
          >
            <RadixDialog.Title className={`text-lg font-bold text-bone-50 ${closeButton ? 'pr-8' : ''}`}>{title}</RadixDialog.Title>
            {description ? (
              <RadixDialog.Description asChild>
                <div className="mt-3 space-y-2 text-sm text-bone-200">{description}</div>
              </RadixDialog.Description>
            ) : null}
            {children}
            {/* Last in the tab order: focus starts on the dialog's own controls. */}
            {closeButton ? (
              <RadixDialog.Close
                aria-label={t`Close`}
                disabled={busy}
                className="absolute top-3 right-3 rounded-md p-1.5 text-bone-400 hover:text-bone-50 focus-visible:outline-3 focus-visible:outline-blood-400 disabled:opacity-50"
              >
                <X aria-hidden="true" className="size-5" />
              </RadixDialog.Close>
            ) : null}
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
