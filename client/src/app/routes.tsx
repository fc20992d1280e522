// The full route table of spec 001 §2. Paths the spec lists under more than one layout (support,
// about, privacy, terms, competitions) use the mixed layout, which serves every audience.
import { Navigate, type RouteObject } from 'react-router-dom';
import { LandingPage } from '../features/landing/pages/landing-page';
import { AdminLayout } from './layouts/admin-layout';
import { ContestantLayout } from './layouts/contestant-layout';
import { MixedLayout } from './layouts/mixed-layout';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { NotFoundPage } from './pages/not-found-page';
import { RouteErrorPage } from './pages/route-error-page';
import {
  ActiveContestsPage,
  AdminContestsPage,
  AdminDashboardPage,
  AllContestantsPage,
  ContestDetailPage,
  ContestGroupsPage,
  ContestJoinSuccessPage,
  CreateContestPage,
  DashboardPage,
  EditContestPage,
  ForgotPasswordPage,
  GroupContestantsPage,
  LeaderboardPage,
  LoginPage,
  NewGroupPage,
  ProfilePage,
  RegisterPage,
  RegistrationSuccessPage,
  ResetPasswordPage,
  VerifyEmailPage,
} from './lazy-pages';
import { soon } from './placeholders';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: <LandingPage /> },
          { path: '/register', element: <RegisterPage /> },
          { path: '/registration-success', element: <RegistrationSuccessPage /> },
          { path: '/login', element: <LoginPage /> },
          { path: '/forgot-password', element: <ForgotPasswordPage /> },
          { path: '/reset-password', element: <ResetPasswordPage /> },
          { path: '/verify-email', element: <VerifyEmailPage /> },
          { path: '/vote/:profileId', element: soon('Cast Your Vote') },
          { path: '/support', element: soon('How Can We Help?', 'Answers, contest rules and a contact form are coming soon.') },
          { path: '/leaderboard', element: <LeaderboardPage /> },
          { path: '/leaderboard/group/:groupId', element: <LeaderboardPage /> },
          // The terms page links to /how-it-works; the steps live on the landing page.
          { path: '/how-it-works', element: <Navigate to="/#how-it-works" replace /> },
        ],
      },
      {
        element: <MixedLayout />,
        children: [
          { path: '/profile/:username', element: <ProfilePage /> },
          { path: '/profile/2025/:username', element: <ProfilePage /> },
          { path: '/contact-support', element: soon('How Can We Help?', 'Answers, contest rules and a contact form are coming soon.') },
          { path: '/about-us', element: soon('About Us') },
          { path: '/privacy-policy', element: soon('Privacy Policy') },
          { path: '/terms-of-service', element: soon('Terms of Service') },
          { path: '/competitions', element: soon('Competitions') },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <ContestantLayout />,
        children: [
          { path: '/dashboard', element: <DashboardPage /> },
          { path: '/active-contests', element: <ActiveContestsPage /> },
          { path: '/share-support', element: soon('Share Your Profile') },
          { path: '/profile/basics', element: soon('Profile Basics') },
          { path: '/profile/photos', element: soon('Your Profile Photos') },
          { path: '/profile/social', element: soon('Social Links') },
          { path: '/contest-join-success', element: <ContestJoinSuccessPage /> },
        ],
      },
      {
        path: '/admin',
        element: <AdminLayout />,
        children: [
          { index: true, element: <AdminDashboardPage /> },
          { path: 'contests', element: <AdminContestsPage /> },
          { path: 'contests/create', element: <CreateContestPage /> },
          { path: 'contests/:contestId', element: <ContestDetailPage /> },
          { path: 'contests/:contestId/edit', element: <EditContestPage /> },
          { path: 'contests/:contestId/groups', element: <ContestGroupsPage /> },
          { path: 'contests/:contestId/groups/new', element: <NewGroupPage /> },
          { path: 'contests/:contestId/groups/:groupId/contestants', element: <GroupContestantsPage /> },
          { path: 'all-contestants', element: <AllContestantsPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
