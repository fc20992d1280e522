// Below the lg breakpoint (or xl, as the header chooses) the navigation folds into a menu button
// (aria-expanded; the keyboard handling of useDisclosureMenu: focus moves in, arrows move, Escape closes
// back onto the button).
import { useLingui } from '@lingui/react/macro';
import { Menu, X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { NavBreakpoint } from './header-frame';
import { useDisclosureMenu } from './use-disclosure-menu';

const HIDDEN_FROM: Record<NavBreakpoint, string> = { lg: 'lg:hidden', xl: 'xl:hidden' };

export function MobileMenu({ children, breakpoint = 'lg' }: { children: (close: () => void) => ReactNode; breakpoint?: NavBreakpoint }) {
  const { open, setOpen, close, buttonRef, panelRef, rootProps } = useDisclosureMenu<HTMLElement>();
  const menuId = useId();
  const { t } = useLingui();
  return (
    <div {...rootProps} className={HIDDEN_FROM[breakpoint]}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={open ? t`Close menu` : t`Open menu`}
        onClick={() => setOpen((v) => !v)}
        className="inline-flex size-11 items-center justify-center rounded-md text-bone-50 hover:bg-night-700"
      >
        {open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
      </button>
      <nav
        ref={panelRef}
        id={menuId}
        aria-label={t`Mobile`}
        hidden={!open}
        className="absolute inset-x-0 top-16 border-b border-night-700 bg-night-950/95 px-4 pb-4 pt-2 shadow-2xl backdrop-blur"
      >
        <ul className="mx-auto max-w-7xl space-y-1">{children(close)}</ul>
      </nav>
    </div>
  );
}
