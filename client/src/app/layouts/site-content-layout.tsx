// The site-content pages (Site, Categories, Profile questions, Vote Packages): each page at its own
// address, with the tabs between them above it.
import { Outlet } from 'react-router-dom';
import { SiteContentNav } from '@/components/layout/site-content-nav';
import { PageSectionLead } from '@/components/ui/page-header';

export function SiteContentLayout() {
  return (
    <PageSectionLead.Provider value={<SiteContentNav />}>
      <Outlet />
    </PageSectionLead.Provider>
  );
}
