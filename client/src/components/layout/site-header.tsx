// The header of the public and contestant layouts (with the user menu for a signed-in contestant).
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useHydrated } from '@/hooks/use-hydrated';
import { selectAuth } from '@/lib/auth/auth-slice';
import { paths } from '@/lib/paths';
import { useAppSelector } from '@/lib/store/hooks';
import { HeaderFrame } from './header-frame';
import { HowItWorksLink } from './how-it-works-link';
import { MobileMenu } from './mobile-menu';
import { desktopLinkClass, mobileLinkClass } from './nav-styles';

export function SiteHeader({ userMenu }: { userMenu?: ReactNode }) {
  const { isAuthenticated } = useAppSelector(selectAuth);
  // A page drawn on the server is drawn for a visitor; who this is shows once the browser knows (kept in
  // its place, so nothing moves): a signed-in visitor never sees LOGIN in their header. Without
  // JavaScript it stays LOGIN (styles/index.css: until-hydrated).
  const known = useHydrated();
  const { t } = useLingui();
  const account = isAuthenticated
    ? { to: paths.dashboard(), desktop: t`My Account`, mobile: t`My Account` }
    : { to: paths.login(), desktop: t`LOGIN`, mobile: t`Sign In` };

  const nav = (
    <>
      <NavLink to={paths.leaderboard()} className={desktopLinkClass}>
        {t`LEADERBOARD`}
      </NavLink>
      <NavLink to={paths.contactSupport()} className={desktopLinkClass}>
        {t`SUPPORT`}
      </NavLink>
      <NavLink to={account.to} className={(state) => `${desktopLinkClass(state)}${known ? '' : ' until-hydrated'}`}>
        {account.desktop}
      </NavLink>
    </>
  );

  const mobile = (
    <MobileMenu>
      {(close) => (
        <>
          <li>
            <Link to={paths.home()} onClick={close} className={mobileLinkClass}>
              {t`Home`}
            </Link>
          </li>
          <li>
            <HowItWorksLink onNavigate={close} className={mobileLinkClass} />
          </li>
          <li>
            <Link to={paths.leaderboard()} onClick={close} className={mobileLinkClass}>
              {t`Leaderboard`}
            </Link>
          </li>
          <li>
            <Link to={paths.contactSupport()} onClick={close} className={mobileLinkClass}>
              {t`Support`}
            </Link>
          </li>
          <li>
            <Link to={account.to} onClick={close} className={mobileLinkClass}>
              {account.mobile}
            </Link>
          </li>
        </>
      )}
    </MobileMenu>
  );

  return <HeaderFrame nav={nav} actions={userMenu} mobile={mobile} />;
}
