// Admin header: Contests, All Contestants, Site content (Site, Categories, Profile questions and Vote
// Packages, as tabs of one page: site-content-nav.tsx), Payments, Messages, Vote Review, Audit Log, Jobs,
// Staff, Webhooks, Two-Factor (the account's own sign-in), Sign Out, each page only for a staff role that may open it
// (lib/auth/admin-pages.ts); the mobile menu's Users entry points at the all-contestants page, since there
// is no /admin/users page.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router-dom';
import { ADMIN_PAGE_STAFF, type AdminPage } from '@/lib/auth/admin-pages';
import { roleMay, useStaffRole } from '@/lib/auth/staff';
import { useSignOut } from '@/lib/auth/use-sign-out';
import { paths } from '@/lib/paths';
import { HeaderFrame, type NavBreakpoint } from './header-frame';
import { MobileMenu } from './mobile-menu';
import { desktopLinkClass, mobileLinkClass } from './nav-styles';
import { isAtOrBelow, SITE_CONTENT_TABS, type SiteContentTab } from './site-content-nav';

interface MenuItem {
  key: string;
  /** The pages behind the entry: it leads to the first the role may open, and is current on any of them. */
  pages: readonly Pick<SiteContentTab, 'page' | 'to'>[];
  label: MessageDescriptor;
  /** The phone menu's name, when it differs. */
  mobileLabel?: MessageDescriptor;
}

const one = (page: AdminPage, to: string, label: MessageDescriptor, mobileLabel?: MessageDescriptor): MenuItem => ({
  key: page,
  pages: [{ page, to }],
  label,
  mobileLabel,
});

const MENU: readonly MenuItem[] = [
  one('contests', paths.admin.contests(), msg`Contests`),
  one('allContestants', paths.admin.allContestants(), msg`All Contestants`, msg`Users`),
  { key: 'siteContent', pages: SITE_CONTENT_TABS, label: msg`Site content` },
  one('payments', paths.admin.payments(), msg`Payments`),
  one('messages', paths.admin.messages(), msg`Messages`),
  one('voteReview', paths.admin.voteReview(), msg`Vote Review`),
  one('audit', paths.admin.audit(), msg`Audit Log`),
  one('jobs', paths.admin.jobs(), msg`Jobs`),
  one('staff', paths.admin.staff(), msg`Staff`),
  one('webhooks', paths.admin.webhooks(), msg`Webhooks`),
  one('twoFactor', paths.admin.twoFactor(), msg`Two-Factor`),
];

export function AdminHeader() {
  const signOut = useSignOut();
  const role = useStaffRole();
  const { pathname } = useLocation();
  const { i18n } = useLingui();
  const items = MENU.flatMap((item) => {
    const open = item.pages.filter(({ page }) => roleMay(role, ADMIN_PAGE_STAFF[page]));
    return open.length ? [{ ...item, to: open[0].to, current: open.some(({ to }) => isAtOrBelow(pathname, to)) }] : [];
  });
  // More than five entries (an owner's ten) and Sign Out do not fit on one line at lg: the phone menu stays until xl.
  const breakpoint: NavBreakpoint = items.length > 5 ? 'xl' : 'lg';
  const nav = (
    <>
      {items.map((item) => (
        <Link key={item.key} to={item.to} aria-current={item.current ? 'page' : undefined} className={desktopLinkClass({ isActive: item.current })}>
          {i18n._(item.label)}
        </Link>
      ))}
      <button type="button" onClick={signOut} className={desktopLinkClass({ isActive: false })}>
        <Trans>Sign Out</Trans>
      </button>
    </>
  );
  const mobile = (
    <MobileMenu breakpoint={breakpoint}>
      {(close) => (
        <>
          {items.map((item) => (
            <li key={item.key}>
              <Link to={item.to} onClick={close} className={mobileLinkClass}>
                {i18n._(item.mobileLabel ?? item.label)}
              </Link>
            </li>
          ))}
          <li>
            <button type="button" onClick={signOut} className={mobileLinkClass}>
              <Trans>Sign Out</Trans>
            </button>
          </li>
        </>
      )}
    </MobileMenu>
  );
  return <HeaderFrame nav={nav} mobile={mobile} breakpoint={breakpoint} />;
}
