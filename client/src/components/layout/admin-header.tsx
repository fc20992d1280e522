// Admin header: Contests, All Contestants, Payments, Messages, Vote Review, Audit Log, Jobs, Two-Factor (the account's own
// sign-in), Sign Out; the mobile menu's Users entry points
// at the all-contestants page, since there is no /admin/users page.
import { Link, NavLink } from 'react-router-dom';
import { useSignOut } from '@/lib/auth/use-sign-out';
import { paths } from '@/lib/paths';
import { HeaderFrame } from './header-frame';
import { MobileMenu } from './mobile-menu';
import { desktopLinkClass, mobileLinkClass } from './nav-styles';

export function AdminHeader() {
  const signOut = useSignOut();
  const nav = (
    <>
      <NavLink to={paths.admin.contests()} className={desktopLinkClass}>
        Contests
      </NavLink>
      <NavLink to={paths.admin.allContestants()} className={desktopLinkClass}>
        All Contestants
      </NavLink>
      <NavLink to={paths.admin.payments()} className={desktopLinkClass}>
        Payments
      </NavLink>
      <NavLink to={paths.admin.messages()} className={desktopLinkClass}>
        Messages
      </NavLink>
      <NavLink to={paths.admin.voteReview()} className={desktopLinkClass}>
        Vote Review
      </NavLink>
      <NavLink to={paths.admin.audit()} className={desktopLinkClass}>
        Audit Log
      </NavLink>
      <NavLink to={paths.admin.jobs()} className={desktopLinkClass}>
        Jobs
      </NavLink>
      <NavLink to={paths.admin.twoFactor()} className={desktopLinkClass}>
        Two-Factor
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
            <Link to={paths.admin.contests()} onClick={close} className={mobileLinkClass}>
              Contests
            </Link>
          </li>
          <li>
            <Link to={paths.admin.allContestants()} onClick={close} className={mobileLinkClass}>
              Users
            </Link>
          </li>
          <li>
            <Link to={paths.admin.payments()} onClick={close} className={mobileLinkClass}>
              Payments
            </Link>
          </li>
          <li>
            <Link to={paths.admin.messages()} onClick={close} className={mobileLinkClass}>
              Messages
            </Link>
          </li>
          <li>
            <Link to={paths.admin.voteReview()} onClick={close} className={mobileLinkClass}>
              Vote Review
            </Link>
          </li>
          <li>
            <Link to={paths.admin.audit()} onClick={close} className={mobileLinkClass}>
              Audit Log
            </Link>
          </li>
          <li>
            <Link to={paths.admin.jobs()} onClick={close} className={mobileLinkClass}>
              Jobs
            </Link>
          </li>
          <li>
            <Link to={paths.admin.twoFactor()} onClick={close} className={mobileLinkClass}>
              Two-Factor
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
