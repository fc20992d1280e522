// The full route table of spec 001 §2. Paths the spec lists under more than one layout (support,
// about, privacy, terms, competitions) use the mixed layout, which serves every audience. Each page's
// `handle` names it in the document title and lists the query parameters it is drawn from
// (app/route-handle.ts).
import { Navigate, type RouteObject } from 'react-router-dom';
import { LandingPage } from '@/features/landing/pages/landing-page';
import { AdminLayout } from './layouts/admin-layout';
import { ContestantLayout } from './layouts/contestant-layout';
import { MixedLayout } from './layouts/mixed-layout';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { NOT_FOUND_TITLE, NotFoundPage } from './pages/not-found-page';
import { RouteErrorPage } from './pages/route-error-page';
import { lazyPages } from './lazy-pages';
import { page } from './route-handle';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: <LandingPage />, handle: page({ title: 'Your Horror Debut' }) },
          { path: '/register', ...lazyPages.RegisterPage, handle: page({ title: 'Register' }) },
          { path: '/registration-success', ...lazyPages.RegistrationSuccessPage, handle: page({ title: 'Check Your Email' }) },
          { path: '/login', ...lazyPages.LoginPage, handle: page({ title: 'Sign In' }) },
          { path: '/forgot-password', ...lazyPages.ForgotPasswordPage, handle: page({ title: 'Forgot Password' }) },
          { path: '/reset-password', ...lazyPages.ResetPasswordPage, handle: page({ title: 'Reset Password' }) },
          { path: '/verify-email', ...lazyPages.VerifyEmailPage, handle: page({ title: 'Email Verification' }) },
          // 'Vote for {first name}': named by the page. type, amount and price choose the vote.
          { path: '/vote/:profileId', ...lazyPages.VotePage, handle: page({ query: ['type', 'amount', 'price'] }) },
          { path: '/test-checkout/:paymentId', ...lazyPages.TestCheckoutPage, handle: page({ title: 'TEST MODE Checkout' }) },
          { path: '/support', ...lazyPages.SupportPage, handle: page({ title: 'Support' }) },
          { path: '/leaderboard', ...lazyPages.LeaderboardPage, handle: page({ title: 'Leaderboard', query: ['page'] }) },
          { path: '/leaderboard/group/:groupId', ...lazyPages.LeaderboardPage, handle: page({ title: 'Leaderboard', query: ['page'] }) },
          // The terms page links to /how-it-works; the steps live on the landing page.
          { path: '/how-it-works', element: <Navigate to="/#how-it-works" replace /> },
        ],
      },
      {
        element: <MixedLayout />,
        children: [
          // Named by the page (the contestant's name). The payment return's parameters (payment, session_id,
          // token) are read once the page has hydrated, so the return is drawn as the bare profile.
          { path: '/profile/:username', ...lazyPages.ProfilePage },
          { path: '/profile/2025/:username', ...lazyPages.ProfilePage },
          { path: '/contact-support', ...lazyPages.SupportPage, handle: page({ title: 'Support' }) },
          { path: '/about-us', ...lazyPages.AboutPage, handle: page({ title: 'About Us' }) },
          { path: '/privacy-policy', ...lazyPages.PrivacyPolicyPage, handle: page({ title: 'Privacy Policy' }) },
          { path: '/terms-of-service', ...lazyPages.TermsOfServicePage, handle: page({ title: 'Terms of Service' }) },
          { path: '/competitions', ...lazyPages.CompetitionsPage, handle: page({ title: 'Competitions' }) },
          // Named by the page (the competition's name).
          { path: '/competitions/:id', ...lazyPages.CompetitionDetailPage },
          { path: '*', element: <NotFoundPage />, handle: page({ title: NOT_FOUND_TITLE }) },
        ],
      },
      {
        element: <ContestantLayout />,
        children: [
          { path: '/dashboard', ...lazyPages.DashboardPage, handle: page({ title: 'Dashboard' }) },
          { path: '/active-contests', ...lazyPages.ActiveContestsPage, handle: page({ title: 'Active Contests' }) },
          { path: '/share-support', ...lazyPages.SharePage, handle: page({ title: 'Share Your Profile' }) },
          { path: '/profile/basics', ...lazyPages.ProfileBasicsPage, handle: page({ title: 'Profile Basics' }) },
          { path: '/profile/photos', ...lazyPages.ProfilePhotosPage, handle: page({ title: 'Your Profile Photos' }) },
          { path: '/profile/social', ...lazyPages.SocialLinksPage, handle: page({ title: 'Social Links' }) },
          { path: '/contest-join-success', ...lazyPages.ContestJoinSuccessPage, handle: page({ title: "You're In!" }) },
        ],
      },
      {
        path: '/admin',
        element: <AdminLayout />,
        children: [
          { index: true, ...lazyPages.AdminDashboardPage, handle: page({ title: 'Admin Dashboard' }) },
          { path: 'contests', ...lazyPages.AdminContestsPage, handle: page({ title: 'Contests' }) },
          { path: 'contests/create', ...lazyPages.CreateContestPage, handle: page({ title: 'Create Contest' }) },
          { path: 'contests/:contestId', ...lazyPages.ContestDetailPage, handle: page({ title: 'Contest Details' }) },
          { path: 'contests/:contestId/edit', ...lazyPages.EditContestPage, handle: page({ title: 'Edit Contest' }) },
          { path: 'contests/:contestId/groups', ...lazyPages.ContestGroupsPage, handle: page({ title: 'Groups' }) },
          { path: 'contests/:contestId/groups/new', ...lazyPages.NewGroupPage, handle: page({ title: 'New Group' }) },
          { path: 'contests/:contestId/groups/:groupId/contestants', ...lazyPages.GroupContestantsPage, handle: page({ title: 'Group Contestants' }) },
          { path: 'all-contestants', ...lazyPages.AllContestantsPage, handle: page({ title: 'Contestant Management' }) },
          { path: 'payments', ...lazyPages.AdminPaymentsPage, handle: page({ title: 'Payments' }) },
          { path: 'messages', ...lazyPages.AdminMessagesPage, handle: page({ title: 'Support Messages' }) },
          { path: 'vote-review', ...lazyPages.AdminVoteReviewPage, handle: page({ title: 'Vote Review' }) },
          { path: 'audit', ...lazyPages.AdminAuditPage, handle: page({ title: 'Audit Log' }) },
          { path: '*', element: <NotFoundPage />, handle: page({ title: NOT_FOUND_TITLE }) },
        ],
      },
    ],
  },
];
