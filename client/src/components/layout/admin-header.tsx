// Admin header: Contests, All Contestants, Categories, Profile questions, Payments, Vote Packages, Messages, Vote Review, Audit Log, Jobs, Site, Staff, Two-Factor (the
// account's own sign-in), Sign Out, each page
// only for a staff role that may open it (lib/auth/admin-pages.ts); the mobile menu's Users entry points at the
// all-contestants page, since there is no /admin/users page.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
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
  label: MessageDescriptor;
  /** The phone menu's name, when it differs. */
  mobileLabel?: MessageDescriptor;
}

const MENU: readonly MenuItem[] = [
  { page: 'contests', to: paths.admin.contests(), label: msg`Contests` },
  { page: 'allContestants', to: paths.admin.allContestants(), label: msg`All Contestants`, mobileLabel: msg`Users` },
  { page: 'categories', to: paths.admin.categories(), label: msg`Categories` },
  { page: 'profileQuestions', to: paths.admin.profileQuestions(), label: msg`Profile questions` },
  { page: 'payments', to: paths.admin.payments(), label: msg`Payments` },
  { page: 'votePackages', to: paths.admin.votePackages(), label: msg`Vote Packages` },
  { page: 'messages', to: paths.admin.messages(), label: msg`Messages` },
  { page: 'voteReview', to: paths.admin.voteReview(), label: msg`Vote Review` },
  { page: 'audit', to: paths.admin.audit(), label: msg`Audit Log` },
  { page: 'jobs', to: paths.admin.jobs(), label: msg`Jobs` },
  { page: 'site', to: paths.admin.site(), label: msg`Site` },
  { page: 'staff', to: paths.admin.staff(), label: msg`Staff` },
  { page: 'twoFactor', to: paths.admin.twoFactor(), label: msg`Two-Factor` },
];

export function AdminHeader() {
  const signOut = useSignOut();
  const role = useStaffRole();
  const { t, i18n } = useLingui();
  const items = MENU.filter((item) => roleMay(role, ADMIN_PAGE_STAFF[item.page]));
  // More than five pages (an owner's eight) and Sign Out do not fit on one line at lg: the phone menu stays until xl.
  const breakpoint: NavBreakpoint = items.length > 5 ? 'xl' : 'lg';
  const nav = (
    <>
      {items.map((item) => (
        <NavLink key={item.page} to={item.to} className={desktopLinkClass}>
          {i18n._(item.label)}
        </NavLink>
      ))}
      <button type="button" onClick={signOut} className={desktopLinkClass({ isActive: false })}>
        {t`Sign Out`}
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
                {i18n._(item.mobileLabel ?? item.label)}
              </Link>
            </li>
          ))}
          <li>
            <button type="button" onClick={signOut} className={mobileLinkClass}>
              {t`Sign Out`}
            </button>
          </li>
        </>
      )}
    </MobileMenu>
  );
  return <HeaderFrame nav={nav} mobile={mobile} breakpoint={breakpoint} />;
}
