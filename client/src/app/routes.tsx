// The route table: which page module (app/routes/<page>.ts) answers which path, in which layout. Paths
// listed for more than one audience (support, about, privacy, terms, competitions) use the mixed layout,
// which serves every audience. Adding a page is its module under routes/, its address builder in
// lib/paths.ts (whose pattern is the path here) and one line here: the server and the build read what
// they need from the table (`routeTable`, the route manifest).
import { msg } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { Navigate, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { getSite } from '@/lib/api/site';
import { paths } from '@/lib/paths';
import { AdminLayout } from './layouts/admin-layout';
import { ContestantLayout } from './layouts/contestant-layout';
import { EmbedLayout } from './layouts/embed-layout';
import { MixedLayout } from './layouts/mixed-layout';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { SiteContentLayout } from './layouts/site-content-layout';
import { NotFoundPage } from '@/features/errors/pages/not-found-page';
import { RouteErrorPage } from '@/features/errors/pages/route-error-page';
import type { RouteHandle, RouteModule } from './route-module';
import * as landing from './routes/landing';
import type { AppStore } from './store';

/**
 * Every page module by its file name under routes/. Each is a chunk of its own, fetched when its page is
 * opened (the router's `lazy`), so the landing page does not carry the forms' code; the landing page
 * itself is part of the entry.
 */
export const PAGE_MODULES = {
  landing: () => Promise.resolve(landing),
  register: () => import('./routes/register'),
  'registration-success': () => import('./routes/registration-success'),
  login: () => import('./routes/login'),
  'forgot-password': () => import('./routes/forgot-password'),
  'reset-password': () => import('./routes/reset-password'),
  'verify-email': () => import('./routes/verify-email'),
  unsubscribe: () => import('./routes/unsubscribe'),
  vote: () => import('./routes/vote'),
  'test-checkout': () => import('./routes/test-checkout'),
  support: () => import('./routes/support'),
  leaderboard: () => import('./routes/leaderboard'),
  profile: () => import('./routes/profile'),
  'about-us': () => import('./routes/about-us'),
  'privacy-policy': () => import('./routes/privacy-policy'),
  'terms-of-service': () => import('./routes/terms-of-service'),
  competitions: () => import('./routes/competitions'),
  'competition-detail': () => import('./routes/competition-detail'),
  dashboard: () => import('./routes/dashboard'),
  'active-contests': () => import('./routes/active-contests'),
  'share-support': () => import('./routes/share-support'),
  'profile-basics': () => import('./routes/profile-basics'),
  'profile-photos': () => import('./routes/profile-photos'),
  'social-links': () => import('./routes/social-links'),
  'contest-join-success': () => import('./routes/contest-join-success'),
  'admin-dashboard': () => import('./routes/admin-dashboard'),
  'admin-contests': () => import('./routes/admin-contests'),
  'admin-create-contest': () => import('./routes/admin-create-contest'),
  'admin-contest-detail': () => import('./routes/admin-contest-detail'),
  'admin-edit-contest': () => import('./routes/admin-edit-contest'),
  'admin-contest-groups': () => import('./routes/admin-contest-groups'),
  'admin-new-group': () => import('./routes/admin-new-group'),
  'admin-group-contestants': () => import('./routes/admin-group-contestants'),
  'admin-all-contestants': () => import('./routes/admin-all-contestants'),
  'admin-payments': () => import('./routes/admin-payments'),
  'admin-vote-packages': () => import('./routes/admin-vote-packages'),
  'admin-contest-vote-packages': () => import('./routes/admin-contest-vote-packages'),
  'admin-messages': () => import('./routes/admin-messages'),
  'admin-vote-review': () => import('./routes/admin-vote-review'),
  'admin-audit': () => import('./routes/admin-audit'),
  'admin-jobs': () => import('./routes/admin-jobs'),
  'admin-two-factor': () => import('./routes/admin-two-factor'),
  'admin-staff': () => import('./routes/admin-staff'),
  'admin-webhooks': () => import('./routes/admin-webhooks'),
  'admin-site': () => import('./routes/admin-site'),
  'admin-categories': () => import('./routes/admin-categories'),
  'admin-profile-questions': () => import('./routes/admin-profile-questions'),
  'embed-leaderboard': () => import('./routes/embed-leaderboard'),
  'embed-vote-card': () => import('./routes/embed-vote-card'),
} satisfies Record<string, () => Promise<RouteModule>>;

export type PageName = keyof typeof PAGE_MODULES;

/** A route of the table: a page module at a path, a layout with its children, or an element (a redirect, the not-found page). */
interface RouteSpec {
  path?: string;
  index?: true;
  page?: PageName;
  element?: ReactNode;
  handle?: RouteHandle;
  children?: RouteSpec[];
}

/** What the app shows while a page's module is on its way (inside its layout: header and footer stay). */
export const pageFallback = <PageSpinner className="m-auto py-24" />;

/** The not-found page's name (the error page names itself the same). */
const NOT_FOUND_TITLE = msg`Page Not Found`;

const notFound: RouteSpec = { path: '*', element: <NotFoundPage />, handle: { title: NOT_FOUND_TITLE, draw: true } };

const TABLE: RouteSpec[] = [
  {
    element: <PublicLayout />,
    children: [
      { path: paths.home.pattern, page: 'landing' },
      { path: paths.register.pattern, page: 'register' },
      { path: paths.registrationSuccess.pattern, page: 'registration-success' },
      { path: paths.login.pattern, page: 'login' },
      { path: paths.forgotPassword.pattern, page: 'forgot-password' },
      { path: paths.resetPassword.pattern, page: 'reset-password' },
      { path: paths.verifyEmail.pattern, page: 'verify-email' },
      { path: paths.unsubscribe.pattern, page: 'unsubscribe' },
      { path: paths.vote.pattern, page: 'vote' },
      { path: paths.testCheckout.pattern, page: 'test-checkout' },
      { path: paths.support.pattern, page: 'support' },
      { path: paths.leaderboard.pattern, page: 'leaderboard' },
      { path: paths.leaderboardGroup.pattern, page: 'leaderboard' },
      // The terms page links to /how-it-works; the steps live on the landing page.
      { path: paths.howItWorks.pattern, element: <Navigate to={paths.home({ hash: 'how-it-works' })} replace /> },
    ],
  },
  {
    element: <MixedLayout />,
    children: [
      { path: paths.profile.pattern, page: 'profile' },
      { path: paths.profile2025.pattern, page: 'profile' },
      { path: paths.contactSupport.pattern, page: 'support' },
      { path: paths.aboutUs.pattern, page: 'about-us' },
      { path: paths.privacyPolicy.pattern, page: 'privacy-policy' },
      { path: paths.termsOfService.pattern, page: 'terms-of-service' },
      { path: paths.competitions.pattern, page: 'competitions' },
      { path: paths.competition.pattern, page: 'competition-detail' },
      notFound,
    ],
  },
  {
    element: <ContestantLayout />,
    children: [
      { path: paths.dashboard.pattern, page: 'dashboard' },
      { path: paths.activeContests.pattern, page: 'active-contests' },
      { path: paths.shareSupport.pattern, page: 'share-support' },
      { path: paths.profileBasics.pattern, page: 'profile-basics' },
      { path: paths.profilePhotos.pattern, page: 'profile-photos' },
      { path: paths.socialLinks.pattern, page: 'social-links' },
      { path: paths.contestJoinSuccess.pattern, page: 'contest-join-success' },
    ],
  },
  {
    // Made to be framed on other sites: no header or footer, the look the address asks for.
    element: <EmbedLayout />,
    children: [
      { path: paths.embed.leaderboard.pattern, page: 'embed-leaderboard' },
      { path: paths.embed.voteCard.pattern, page: 'embed-vote-card' },
    ],
  },
  {
    path: paths.admin.dashboard.pattern,
    element: <AdminLayout />,
    children: [
      { index: true, page: 'admin-dashboard' },
      { path: paths.admin.contests.pattern, page: 'admin-contests' },
      { path: paths.admin.createContest.pattern, page: 'admin-create-contest' },
      { path: paths.admin.contest.pattern, page: 'admin-contest-detail' },
      { path: paths.admin.editContest.pattern, page: 'admin-edit-contest' },
      { path: paths.admin.contestGroups.pattern, page: 'admin-contest-groups' },
      { path: paths.admin.newGroup.pattern, page: 'admin-new-group' },
      { path: paths.admin.groupContestants.pattern, page: 'admin-group-contestants' },
      { path: paths.admin.allContestants.pattern, page: 'admin-all-contestants' },
      { path: paths.admin.payments.pattern, page: 'admin-payments' },
      { path: paths.admin.contestVotePackages.pattern, page: 'admin-contest-vote-packages' },
      { path: paths.admin.messages.pattern, page: 'admin-messages' },
      { path: paths.admin.voteReview.pattern, page: 'admin-vote-review' },
      { path: paths.admin.audit.pattern, page: 'admin-audit' },
      { path: paths.admin.jobs.pattern, page: 'admin-jobs' },
      { path: paths.admin.twoFactor.pattern, page: 'admin-two-factor' },
      { path: paths.admin.staff.pattern, page: 'admin-staff' },
      { path: paths.admin.webhooks.pattern, page: 'admin-webhooks' },
      {
        // The site-content pages, each at its own address, with the tabs between them.
        element: <SiteContentLayout />,
        children: [
          { path: paths.admin.site.pattern, page: 'admin-site' },
          { path: paths.admin.categories.pattern, page: 'admin-categories' },
          { path: paths.admin.profileQuestions.pattern, page: 'admin-profile-questions' },
          { path: paths.admin.votePackages.pattern, page: 'admin-vote-packages' },
        ],
      },
      // Not drawn: the admin area is drawn by the browser once it knows who is signed in.
      { ...notFound, handle: { title: NOT_FOUND_TITLE } },
    ],
  },
];

/** A page module's route properties: with its loader bound to `store` on the server, without loaders in the browser. */
export function routePropsOf(module: RouteModule, store?: AppStore): Pick<RouteObject, 'Component' | 'handle' | 'loader'> {
  const { Component, handle, loader, meta } = module;
  return {
    Component,
    handle: meta ? { ...handle, meta } : handle,
    loader: store && loader ? async (args: LoaderFunctionArgs) => (await loader(args, store), null) : undefined,
  };
}

/** The route properties of a page whose module `load` fetches when it is opened. */
export function lazyRoute(load: () => Promise<RouteModule>, store?: AppStore): Pick<RouteObject, 'lazy' | 'hydrateFallbackElement'> {
  return { lazy: async () => routePropsOf(await load(), store), hydrateFallbackElement: pageFallback };
}

function toRoute(spec: RouteSpec, store?: AppStore): RouteObject {
  const { page, children, index, ...rest } = spec;
  const route: RouteObject = { ...rest, children: children?.map((child) => toRoute(child, store)) };
  if (index) Object.assign(route, { index: true });
  // The entry's own page is a module already here: no chunk to fetch, nothing to wait for.
  if (page === 'landing') return Object.assign(route, routePropsOf(landing, store));
  if (page) return Object.assign(route, lazyRoute(PAGE_MODULES[page], store));
  return route;
}

/**
 * The app's route table. On the server `store` is the request's: the loaders start their requests there
 * (the root route's loader the site's configuration, which every page's frame reads), and the page is
 * rendered once they have answered. The browser's table has no loaders.
 */
export function createRoutes(store?: AppStore): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      loader: store ? async () => (await store.dispatch(getSite.initiate()), null) : undefined,
      children: TABLE.map((spec) => toRoute(spec, store)),
    },
  ];
}

/** The browser's route table. */
export const routes = createRoutes();

/** A page path of the table: its full pattern, the module that answers it (none for the not-found page and redirects), and its handle. */
export interface TableRoute {
  pattern: string;
  page: PageName | null;
  handle: RouteHandle;
}

/** Every path of the table with its page's handle (page modules are loaded to read it): what the route manifest is made from. */
export async function routeTable(): Promise<TableRoute[]> {
  const flat = (list: RouteSpec[], parent: string): { pattern: string; spec: RouteSpec }[] =>
    list.flatMap((spec) => {
      const own = spec.path === undefined ? parent : spec.path.startsWith('/') ? spec.path : `${parent.replace(/\/$/, '')}/${spec.path}`;
      if (spec.children) return flat(spec.children, own);
      return [{ pattern: spec.index ? parent : own, spec }];
    });
  // One module after another: the table is read once, at build and at start.
  const table: TableRoute[] = [];
  for (const { pattern, spec } of flat(TABLE, '')) {
    const handle = spec.page ? ((await PAGE_MODULES[spec.page]()).handle ?? {}) : (spec.handle ?? {});
    table.push({ pattern, page: spec.page ?? null, handle });
  }
  return table;
}
