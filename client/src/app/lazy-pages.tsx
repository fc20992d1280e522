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
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  return { lazy: async () => ({ Component: await load() }), hydrateFallbackElement: pageFallback };
}

export const lazyPages = {
  RegisterPage: lazyPage(() => import('@/features/auth/pages/register-page').then((m) => m.RegisterPage)),
  RegistrationSuccessPage: lazyPage(() => import('@/features/auth/pages/registration-success-page').then((m) => m.RegistrationSuccessPage)),
  LoginPage: lazyPage(() => import('@/features/auth/pages/login-page').then((m) => m.LoginPage)),
  ForgotPasswordPage: lazyPage(() => import('@/features/auth/pages/forgot-password-page').then((m) => m.ForgotPasswordPage)),
  ResetPasswordPage: lazyPage(() => import('@/features/auth/pages/reset-password-page').then((m) => m.ResetPasswordPage)),
  VerifyEmailPage: lazyPage(() => import('@/features/auth/pages/verify-email-page').then((m) => m.VerifyEmailPage)),
  DashboardPage: lazyPage(() => import('@/features/dashboard/pages/dashboard-page').then((m) => m.DashboardPage)),

  // Contests (issue 3): the contestant side and the admin area.
  ActiveContestsPage: lazyPage(() => import('@/features/contests/pages/active-contests-page').then((m) => m.ActiveContestsPage)),
  ContestJoinSuccessPage: lazyPage(() => import('@/features/contests/pages/contest-join-success-page').then((m) => m.ContestJoinSuccessPage)),
  AdminDashboardPage: lazyPage(() => import('@/features/admin/pages/admin-dashboard-page').then((m) => m.AdminDashboardPage)),
  AdminContestsPage: lazyPage(() => import('@/features/admin/pages/admin-contests-page').then((m) => m.AdminContestsPage)),
  CreateContestPage: lazyPage(() => import('@/features/admin/pages/create-contest-page').then((m) => m.CreateContestPage)),
  EditContestPage: lazyPage(() => import('@/features/admin/pages/edit-contest-page').then((m) => m.EditContestPage)),
  ContestDetailPage: lazyPage(() => import('@/features/admin/pages/contest-detail-page').then((m) => m.ContestDetailPage)),
  ContestGroupsPage: lazyPage(() => import('@/features/admin/pages/contest-groups-page').then((m) => m.ContestGroupsPage)),
  NewGroupPage: lazyPage(() => import('@/features/admin/pages/new-group-page').then((m) => m.NewGroupPage)),
  GroupContestantsPage: lazyPage(() => import('@/features/admin/pages/group-contestants-page').then((m) => m.GroupContestantsPage)),
  AllContestantsPage: lazyPage(() => import('@/features/admin/pages/all-contestants-page').then((m) => m.AllContestantsPage)),
  AdminPaymentsPage: lazyPage(() => import('@/features/admin/pages/admin-payments-page').then((m) => m.AdminPaymentsPage)),
  AdminMessagesPage: lazyPage(() => import('@/features/admin/pages/admin-messages-page').then((m) => m.AdminMessagesPage)),
  AdminVoteReviewPage: lazyPage(() => import('@/features/admin/pages/admin-vote-review-page').then((m) => m.AdminVoteReviewPage)),
  AdminAuditPage: lazyPage(() => import('@/features/admin/pages/admin-audit-page').then((m) => m.AdminAuditPage)),

  // Votes and live standings (issue 4): profiles and leaderboards.
  ProfilePage: lazyPage(() => import('@/features/profile/pages/profile-page').then((m) => m.ProfilePage)),
  LeaderboardPage: lazyPage(() => import('@/features/leaderboard/pages/leaderboard-page').then((m) => m.LeaderboardPage)),

  // Paid votes (issue 10): the vote page and the TEST MODE checkout.
  VotePage: lazyPage(() => import('@/features/vote/pages/vote-page').then((m) => m.VotePage)),
  TestCheckoutPage: lazyPage(() => import('@/features/payments/pages/test-checkout-page').then((m) => m.TestCheckoutPage)),

  // Profile editing (issue 11): the category and the four answers.
  ProfileBasicsPage: lazyPage(() => import('@/features/profile-basics/pages/profile-basics-page').then((m) => m.ProfileBasicsPage)),
  // Social links and sharing (issue 11).
  SocialLinksPage: lazyPage(() => import('@/features/social-links/pages/social-links-page').then((m) => m.SocialLinksPage)),
  SharePage: lazyPage(() => import('@/features/share/pages/share-page').then((m) => m.SharePage)),
  ProfilePhotosPage: lazyPage(() => import('@/features/photos/pages/profile-photos-page').then((m) => m.ProfilePhotosPage)),

  // Support (issue 12): the FAQ and contact form.
  SupportPage: lazyPage(() => import('@/features/support/pages/support-page').then((m) => m.SupportPage)),

  // Static and marketing pages (issue 12 §2-§3).
  AboutPage: lazyPage(() => import('@/features/content/pages/about-page').then((m) => m.AboutPage)),
  PrivacyPolicyPage: lazyPage(() => import('@/features/content/pages/privacy-policy-page').then((m) => m.PrivacyPolicyPage)),
  TermsOfServicePage: lazyPage(() => import('@/features/content/pages/terms-of-service-page').then((m) => m.TermsOfServicePage)),
  CompetitionsPage: lazyPage(() => import('@/features/competitions/pages/competitions-page').then((m) => m.CompetitionsPage)),
  CompetitionDetailPage: lazyPage(() => import('@/features/competitions/pages/competition-detail-page').then((m) => m.CompetitionDetailPage)),
};
