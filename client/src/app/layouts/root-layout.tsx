// Wraps every route: scroll management, the page's title, the site's colours, and nothing but 'Loading...' until auth state
// is known (the application renders its content only after loading ends).
import { useLingui } from '@lingui/react/macro';
import { Outlet, useMatches } from 'react-router-dom';
import { PageTitle } from '@/components/layout/page-title';
import { useSiteTheme } from '@/lib/api/site';
import { selectAuth } from '@/lib/auth/auth-slice';
import { useAppSelector } from '@/lib/store/hooks';
import { handleOf } from '../route-module';
import { ScrollManager } from './scroll-manager';

/** The title the matched page's route names, in the reader's language; none for a page that names itself from its data. */
function RouteTitle() {
  const title = handleOf(useMatches().at(-1)).title;
  return title ? <PageTitle name={title} /> : null;
}

export function RootLayout() {
  const { loading } = useAppSelector(selectAuth);
  const { t } = useLingui();
  useSiteTheme();
  return (
    <>
      <ScrollManager />
      <RouteTitle />
      {loading ? (
        <div role="status" className="flex min-h-screen items-center justify-center text-bone-200">
          {t`Loading...`}
        </div>
      ) : (
        <Outlet />
      )}
    </>
  );
}
