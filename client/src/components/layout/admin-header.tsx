// Admin header: Contests, All Contestants, Payments, Messages, Vote Review, Audit Log, Jobs, Sign Out; the mobile menu's Users entry points
// at the all-contestants page, since there is no /admin/users page.
import { Link, NavLink } from 'react-router-dom';
import { useSignOut } from '@/lib/auth/use-sign-out';
import { HeaderFrame } from './header-frame';
import { MobileMenu } from './mobile-menu';
import { desktopLinkClass, mobileLinkClass } from './nav-styles';

export function AdminHeader() {
  const signOut = useSignOut();
  const nav = (
    <>
      <NavLink to="/admin/contests" className={desktopLinkClass}>
        Contests
      </NavLink>
      <NavLink to="/admin/all-contestants" className={desktopLinkClass}>
        All Contestants
      </NavLink>
      <NavLink to="/admin/payments" className={desktopLinkClass}>
        Payments
      </NavLink>
      <NavLink to="/admin/messages" className={desktopLinkClass}>
        Messages
      </NavLink>
      <NavLink to="/admin/vote-review" className={desktopLinkClass}>
        Vote Review
      </NavLink>
      <NavLink to="/admin/audit" className={desktopLinkClass}>
        Audit Log
      </NavLink>
      <NavLink to="/admin/jobs" className={desktopLinkClass}>
        Jobs
      </NavLink>
      <button type="button" onClick={signOut} className={desktopLinkClass({ isActive: false })}>
        Sign Out
      </button>
    </>
  );
  const mobile = (
    <MobileMenu>
      {(close) => (
        <>
          <li>
            <Link to="/admin/contests" onClick={close} className={mobileLinkClass}>
              Contests
            </Link>
          </li>
          <li>
            <Link to="/admin/all-contestants" onClick={close} className={mobileLinkClass}>
              Users
            </Link>
          </li>
          <li>
            <Link to="/admin/payments" onClick={close} className={mobileLinkClass}>
              Payments
            </Link>
          </li>
          <li>
            <Link to="/admin/messages" onClick={close} className={mobileLinkClass}>
              Messages
            </Link>
          </li>
          <li>
            <Link to="/admin/vote-review" onClick={close} className={mobileLinkClass}>
              Vote Review
            </Link>
          </li>
          <li>
            <Link to="/admin/audit" onClick={close} className={mobileLinkClass}>
              Audit Log
            </Link>
          </li>
          <li>
            <Link to="/admin/jobs" onClick={close} className={mobileLinkClass}>
              Jobs
            </Link>
          </li>
          <li>
            <button type="button" onClick={signOut} className={mobileLinkClass}>
              Sign Out
            </button>
          </li>
        </>
      )}
    </MobileMenu>
  );
  return <HeaderFrame nav={nav} mobile={mobile} />;
}
