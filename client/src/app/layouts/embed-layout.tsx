// The embed pages' frame: no header, footer or menus (they are shown inside an organizer's page), the
// look the frame's address asks for, and a skip target for keyboards inside the frame.
import { Suspense } from 'react';
import { Outlet, useSearchParams } from 'react-router-dom';
import { useLingui } from '@lingui/react/macro';
import { Spinner } from '@/components/ui/spinner';
import { useMarkHydrated } from '@/hooks/use-hydrated';
import { useGetSiteQuery } from '@/lib/api/site';
import { embedStyle, embedThemeOf } from '@/lib/embeds/embed-theme';
import { DEFAULT_SITE_COLORS } from '#contract/site/theme';

function PageHydrated() {
  useMarkHydrated();
  return null;
}

export function EmbedLayout() {
  const { t } = useLingui();
  const [query] = useSearchParams();
  const { data: site } = useGetSiteQuery();
  const theme = embedThemeOf(query);
  const style = embedStyle(theme, {
    accent: site?.accent_color ?? DEFAULT_SITE_COLORS.accent,
    background: site?.background_color ?? DEFAULT_SITE_COLORS.background,
  });
  return (
    <main
      id="main"
      style={style}
      data-compact={theme.compact || undefined}
      className={`min-h-screen bg-night-950 text-bone-50 ${theme.compact ? 'p-2' : 'p-4'}`}
    >
      <Suspense fallback={<Spinner label={t`Loading...`} className="m-auto py-12" />}>
        <Outlet />
        <PageHydrated />
      </Suspense>
    </main>
  );
}
