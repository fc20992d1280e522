// The keyboard side of the header's disclosure menus (the phone navigation and the user menu): opening
// moves focus to the first item; ArrowDown/ArrowUp (wrapping), Home and End move between the items;
// Escape closes and gives focus back to the toggle; focus moving out of the menu closes it, so an open
// panel never covers the control that has focus. A route change closes it too.
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router-dom';

const ITEMS = 'a[href], button:not([disabled])';

export function useDisclosureMenu<Panel extends HTMLElement>() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<Panel>(null);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname, location.hash]);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>(ITEMS)?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(panelRef.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
    if (!open || items.length === 0) return;
    const at = items.indexOf(document.activeElement as HTMLElement);
    // From the toggle (at -1), ArrowUp goes to the last item.
    const next = { ArrowDown: at + 1, ArrowUp: at < 0 ? -1 : at - 1, Home: 0, End: items.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    items[(next + items.length) % items.length]!.focus();
  };

  // Only a move to another control closes it: focus lost to the page body (a click on nothing) is the
  // outside-click handlers' business.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const to = event.relatedTarget;
    if (open && to instanceof Node && !rootRef.current?.contains(to)) setOpen(false);
  };

  return { open, setOpen, close: () => setOpen(false), rootRef, buttonRef, panelRef, rootProps: { ref: rootRef, onKeyDown, onBlur } };
}
