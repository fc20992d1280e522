// The site-content pages (Site, Categories, Profile questions, Vote Packages) behind the admin menu's one
// "Site content" entry: each keeps its own address, and a row of tabs above each one moves between them
// (links, so an address can be shared and the browser's back returns to the tab before). The first tab a
// role may open is where the menu entry leads.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router-dom';
import { ADMIN_PAGE_STAFF, type AdminPage } from '@/lib/auth/admin-pages';
import { roleMay, useStaffRole } from '@/lib/auth/staff';
import type { StaffRole } from '#contract/auth/roles';
import { paths } from '@/lib/paths';

export interface SiteContentTab {
  page: AdminPage;
  to: string;
  label: MessageDescriptor;
}

/** The tabs in their order; Site, the first, is the one the menu entry opens. */
export const SITE_CONTENT_TABS: readonly SiteContentTab[] = [
  { page: 'site', to: paths.admin.site(), label: msg`Site` },
  { page: 'categories', to: paths.admin.categories(), label: msg`Categories` },
  { page: 'profileQuestions', to: paths.admin.profileQuestions(), label: msg`Profile questions` },
  { page: 'votePackages', to: paths.admin.votePackages(), label: msg`Vote Packages` },
];

/** The tabs a role may open. */
export const siteContentTabsOf = (role: StaffRole | null): SiteContentTab[] => SITE_CONTENT_TABS.filter((tab) => roleMay(role, ADMIN_PAGE_STAFF[tab.page]));

/** Whether `pathname` is the page at `to` or one below it. */
export const isAtOrBelow = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

const tabClass = (current: boolean) =>
  `rounded-md px-4 py-2 text-center text-sm font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blood-400 ${
    current ? 'bg-blood-600 text-bone-50' : 'text-bone-200 hover:bg-night-800 hover:text-bone-50'
  }`;

export function SiteContentNav() {
  const role = useStaffRole();
  const { pathname } = useLocation();
  const { t, i18n } = useLingui();
  const tabs = siteContentTabsOf(role);
  return (
    <nav aria-label={t`Site content`}>
      <ul className="grid grid-cols-2 gap-1 rounded-lg border border-night-700 bg-night-900/80 p-1 sm:flex sm:flex-wrap">
        {tabs.map((tab) => {
          const current = isAtOrBelow(pathname, tab.to);
          return (
            <li key={tab.page} className="flex">
              <Link to={tab.to} aria-current={current ? 'page' : undefined} className={`flex-1 ${tabClass(current)}`}>
                {i18n._(tab.label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
