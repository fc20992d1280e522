// Pages loaded on demand through the router's `lazy` route property, so the landing page does not carry
// the form code (zod, react-hook-form): the router fetches a page's module before it renders the route.
// On the first load the route shows `pageFallback` inside its layout (header and footer stay) until the
// module is there; a module that fails to load ends in the root route's error element.
import type { ComponentType } from 'react';
import type { LazyRouteFunction, NonIndexRouteObject } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';

export const pageFallback = <Spinner label="Loading..." className="m-auto py-24" />;

interface LazyPage {
  lazy: LazyRouteFunction<NonIndexRouteObject>;
  hydrateFallbackElement: typeof pageFallback;
}

/** The route properties of a page whose module `load` fetches (spread into the route object). */
function page(load: () => Promise<ComponentType>): LazyPage {
  return { lazy: async () => ({ Component: await load() }), hydrateFallbackElement: pageFallback };
}

export const lazyPages = {
  RegisterPage: page(() => import('@/features/auth/pages/register-page').then((m) => m.RegisterPage)),
  RegistrationSuccessPage: page(() => import('@/features/auth/pages/registration-success-page').then((m) => m.RegistrationSuccessPage)),
  LoginPage: page(() => import('@/features/auth/pages/login-page').then((m) => m.LoginPage)),
  ForgotPasswordPage: page(() => import('@/features/auth/pages/forgot-password-page').then((m) => m.ForgotPasswordPage)),
  ResetPasswordPage: page(() => import('@/features/auth/pages/reset-password-page').then((m) => m.ResetPasswordPage)),
  VerifyEmailPage: page(() => import('@/features/auth/pages/verify-email-page').then((m) => m.VerifyEmailPage)),
  DashboardPage: page(() => import('@/features/dashboard/pages/dashboard-page').then((m) => m.DashboardPage)),

  // Contests (issue 3): the contestant side and the admin area.
  ActiveContestsPage: page(() => import('@/features/contests/pages/active-contests-page').then((m) => m.ActiveContestsPage)),
  ContestJoinSuccessPage: page(() => import('@/features/contests/pages/contest-join-success-page').then((m) => m.ContestJoinSuccessPage)),
  AdminDashboardPage: page(() => import('@/features/admin/pages/admin-dashboard-page').then((m) => m.AdminDashboardPage)),
  AdminContestsPage: page(() => import('@/features/admin/pages/admin-contests-page').then((m) => m.AdminContestsPage)),
  CreateContestPage: page(() => import('@/features/admin/pages/create-contest-page').then((m) => m.CreateContestPage)),
  EditContestPage: page(() => import('@/features/admin/pages/edit-contest-page').then((m) => m.EditContestPage)),
  ContestDetailPage: page(() => import('@/features/admin/pages/contest-detail-page').then((m) => m.ContestDetailPage)),
  ContestGroupsPage: page(() => import('@/features/admin/pages/contest-groups-page').then((m) => m.ContestGroupsPage)),
  NewGroupPage: page(() => import('@/features/admin/pages/new-group-page').then((m) => m.NewGroupPage)),
  GroupContestantsPage: page(() => import('@/features/admin/pages/group-contestants-page').then((m) => m.GroupContestantsPage)),
  AllContestantsPage: page(() => import('@/features/admin/pages/all-contestants-page').then((m) => m.AllContestantsPage)),

  // Votes and live standings (issue 4): profiles and leaderboards.
  ProfilePage: page(() => import('@/features/profile/pages/profile-page').then((m) => m.ProfilePage)),
  LeaderboardPage: page(() => import('@/features/leaderboard/pages/leaderboard-page').then((m) => m.LeaderboardPage)),
};
