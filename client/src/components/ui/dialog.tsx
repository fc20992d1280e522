// A modal dialog: role=dialog with aria-modal, labelled by its title; focus moves in, stays in (Tab
// wraps) and goes back to what had it; Escape and a click outside close it (not while busy).
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

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
}

export function Dialog(props: DialogProps) {
  return props.open ? createPortal(<DialogPanel {...props} />, document.body) : null;
}

function DialogPanel({ onClose, title, description, children, busy = false, initialFocusRef }: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // The key and click handlers are set up once per opening; they read the latest props from here.
  const latest = useRef({ onClose, busy });
  useLayoutEffect(() => {
    latest.current = { onClose, busy };
  });

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    (initialFocusRef?.current ?? panel?.querySelector<HTMLElement>(FOCUSABLE) ?? panel)?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';

    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        if (!latest.current.busy) latest.current.onClose();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (items.length === 0) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !panel.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      if (previous?.isConnected) previous.focus();
    };
    // Once per opening: focus must not jump back to the first control on every render.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div
      className="fixed inset-0 z-50 flex items-end justify-center bg-night-950/80 p-4 backdrop-blur-sm sm:items-center"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !latest.current.busy) latest.current.onClose();
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className="w-full max-w-md rounded-xl border border-night-600 bg-night-900 p-6 shadow-2xl focus:outline-none"
      >
        <h2 id={titleId} className="text-lg font-bold text-bone-50">
          {title}
        </h2>
        {description ? (
          <div id={descriptionId} className="mt-3 space-y-2 text-sm text-bone-200">
            {description}
          </div>
        ) : null}
        {children}
      </div>
    </div>
  );
}
