// The full route table of spec 001 §2. Paths the spec lists under more than one layout (support,
// about, privacy, terms, competitions) use the mixed layout, which serves every audience.
import { Navigate, type RouteObject } from 'react-router-dom';
import { LandingPage } from '@/features/landing/pages/landing-page';
import { AdminLayout } from './layouts/admin-layout';
import { ContestantLayout } from './layouts/contestant-layout';
import { MixedLayout } from './layouts/mixed-layout';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { NotFoundPage } from './pages/not-found-page';
import { RouteErrorPage } from './pages/route-error-page';
import { lazyPages } from './lazy-pages';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: <LandingPage /> },
          { path: '/register', ...lazyPages.RegisterPage },
          { path: '/registration-success', ...lazyPages.RegistrationSuccessPage },
          { path: '/login', ...lazyPages.LoginPage },
          { path: '/forgot-password', ...lazyPages.ForgotPasswordPage },
          { path: '/reset-password', ...lazyPages.ResetPasswordPage },
          { path: '/verify-email', ...lazyPages.VerifyEmailPage },
          { path: '/vote/:profileId', ...lazyPages.VotePage },
          { path: '/test-checkout/:paymentId', ...lazyPages.TestCheckoutPage },
          { path: '/support', ...lazyPages.SupportPage },
          { path: '/leaderboard', ...lazyPages.LeaderboardPage },
          { path: '/leaderboard/group/:groupId', ...lazyPages.LeaderboardPage },
          // The terms page links to /how-it-works; the steps live on the landing page.
          { path: '/how-it-works', element: <Navigate to="/#how-it-works" replace /> },
        ],
      },
      {
        element: <MixedLayout />,
        children: [
          { path: '/profile/:username', ...lazyPages.ProfilePage },
          { path: '/profile/2025/:username', ...lazyPages.ProfilePage },
          { path: '/contact-support', ...lazyPages.SupportPage },
          { path: '/about-us', ...lazyPages.AboutPage },
          { path: '/privacy-policy', ...lazyPages.PrivacyPolicyPage },
          { path: '/terms-of-service', ...lazyPages.TermsOfServicePage },
          { path: '/competitions', ...lazyPages.CompetitionsPage },
          { path: '/competitions/:id', ...lazyPages.CompetitionDetailPage },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <ContestantLayout />,
        children: [
          { path: '/dashboard', ...lazyPages.DashboardPage },
          { path: '/active-contests', ...lazyPages.ActiveContestsPage },
          { path: '/share-support', ...lazyPages.SharePage },
          { path: '/profile/basics', ...lazyPages.ProfileBasicsPage },
          { path: '/profile/photos', ...lazyPages.ProfilePhotosPage },
          { path: '/profile/social', ...lazyPages.SocialLinksPage },
          { path: '/contest-join-success', ...lazyPages.ContestJoinSuccessPage },
        ],
      },
      {
        path: '/admin',
        element: <AdminLayout />,
        children: [
          { index: true, ...lazyPages.AdminDashboardPage },
          { path: 'contests', ...lazyPages.AdminContestsPage },
          { path: 'contests/create', ...lazyPages.CreateContestPage },
          { path: 'contests/:contestId', ...lazyPages.ContestDetailPage },
          { path: 'contests/:contestId/edit', ...lazyPages.EditContestPage },
          { path: 'contests/:contestId/groups', ...lazyPages.ContestGroupsPage },
          { path: 'contests/:contestId/groups/new', ...lazyPages.NewGroupPage },
          { path: 'contests/:contestId/groups/:groupId/contestants', ...lazyPages.GroupContestantsPage },
          { path: 'all-contestants', ...lazyPages.AllContestantsPage },
          { path: 'payments', ...lazyPages.AdminPaymentsPage },
          { path: 'messages', ...lazyPages.AdminMessagesPage },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
