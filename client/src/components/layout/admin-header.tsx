// Admin header: Contests, All Contestants, Categories, Profile questions, Payments, Vote Packages, Messages, Vote Review, Audit Log, Jobs, Site, Staff, Two-Factor (the
// account's own sign-in), Sign Out, each page
// only for a staff role that may open it (lib/auth/admin-pages.ts); the mobile menu's Users entry points at the
// all-contestants page, since there is no /admin/users page.
import { Link, NavLink } from 'react-router-dom';
import { ADMIN_PAGE_STAFF, type AdminPage } from '@/lib/auth/admin-pages';
import { roleMay, useStaffRole } from '@/lib/auth/staff';
import { useSignOut } from '@/lib/auth/use-sign-out';
import { paths } from '@/lib/paths';
import { HeaderFrame, type NavBreakpoint } from './header-frame';
import { MobileMenu } from './mobile-menu';
import { desktopLinkClass, mobileLinkClass } from './nav-styles';

interface MenuItem {
  page: AdminPage;
  to: string;
  label: string;
  /** The phone menu's name, when it differs. */
  mobileLabel?: string;
}

const MENU: readonly MenuItem[] = [
  { page: 'contests', to: paths.admin.contests(), label: 'Contests' },
  { page: 'allContestants', to: paths.admin.allContestants(), label: 'All Contestants', mobileLabel: 'Users' },
  { page: 'categories', to: paths.admin.categories(), label: 'Categories' },
  { page: 'profileQuestions', to: paths.admin.profileQuestions(), label: 'Profile questions' },
  { page: 'payments', to: paths.admin.payments(), label: 'Payments' },
  { page: 'votePackages', to: paths.admin.votePackages(), label: 'Vote Packages' },
  { page: 'messages', to: paths.admin.messages(), label: 'Messages' },
  { page: 'voteReview', to: paths.admin.voteReview(), label: 'Vote Review' },
  { page: 'audit', to: paths.admin.audit(), label: 'Audit Log' },
  { page: 'jobs', to: paths.admin.jobs(), label: 'Jobs' },
  { page: 'site', to: paths.admin.site(), label: 'Site' },
  { page: 'staff', to: paths.admin.staff(), label: 'Staff' },
  { page: 'twoFactor', to: paths.admin.twoFactor(), label: 'Two-Factor' },
];

export function AdminHeader() {
  const signOut = useSignOut();
  const role = useStaffRole();
  const items = MENU.filter((item) => roleMay(role, ADMIN_PAGE_STAFF[item.page]));
  // More than five pages (an owner's eight) and Sign Out do not fit on one line at lg: the phone menu stays until xl.
  const breakpoint: NavBreakpoint = items.length > 5 ? 'xl' : 'lg';
  const nav = (
    <>
      {items.map((item) => (
        <NavLink key={item.page} to={item.to} className={desktopLinkClass}>
          {item.label}
        </NavLink>
      ))}
      <button type="button" onClick={signOut} className={desktopLinkClass({ isActive: false })}>
        Sign Out
      </button>
    </>
  );
  const mobile = (
    <MobileMenu breakpoint={breakpoint}>
      {(close) => (
        <>
          {items.map((item) => (
            <li key={item.page}>
              <Link to={item.to} onClick={close} className={mobileLinkClass}>
                {item.mobileLabel ?? item.label}
              </Link>
            </li>
          ))}
          <li>
            <button type="button" onClick={signOut} className={mobileLinkClass}>
              Sign Out
            </button>
          </li>
        </>
      )}
    </MobileMenu>
  );
  return <HeaderFrame nav={nav} mobile={mobile} breakpoint={breakpoint} />;
}
