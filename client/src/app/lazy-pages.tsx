// Pages loaded on demand, so the landing page does not carry the form code (zod, react-hook-form).
// The shells wrap their content in Suspense, so header and footer stay while a page loads.
import { lazy } from 'react';

export const RegisterPage = lazy(() => import('../features/auth/pages/register-page').then((m) => ({ default: m.RegisterPage })));
export const RegistrationSuccessPage = lazy(() =>
  import('../features/auth/pages/registration-success-page').then((m) => ({ default: m.RegistrationSuccessPage })),
);
export const LoginPage = lazy(() => import('../features/auth/pages/login-page').then((m) => ({ default: m.LoginPage })));
export const ForgotPasswordPage = lazy(() => import('../features/auth/pages/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })));
export const ResetPasswordPage = lazy(() => import('../features/auth/pages/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })));
export const VerifyEmailPage = lazy(() => import('../features/auth/pages/verify-email-page').then((m) => ({ default: m.VerifyEmailPage })));
export const DashboardPage = lazy(() => import('../features/dashboard/pages/dashboard-page').then((m) => ({ default: m.DashboardPage })));

// Contests (issue 3): the contestant side and the admin area.
export const ActiveContestsPage = lazy(() => import('../features/contests/pages/active-contests-page').then((m) => ({ default: m.ActiveContestsPage })));
export const ContestJoinSuccessPage = lazy(() =>
  import('../features/contests/pages/contest-join-success-page').then((m) => ({ default: m.ContestJoinSuccessPage })),
);
export const AdminDashboardPage = lazy(() => import('../features/admin/pages/admin-dashboard-page').then((m) => ({ default: m.AdminDashboardPage })));
export const AdminContestsPage = lazy(() => import('../features/admin/pages/admin-contests-page').then((m) => ({ default: m.AdminContestsPage })));
export const CreateContestPage = lazy(() => import('../features/admin/pages/create-contest-page').then((m) => ({ default: m.CreateContestPage })));
export const EditContestPage = lazy(() => import('../features/admin/pages/edit-contest-page').then((m) => ({ default: m.EditContestPage })));
export const ContestDetailPage = lazy(() => import('../features/admin/pages/contest-detail-page').then((m) => ({ default: m.ContestDetailPage })));
export const ContestGroupsPage = lazy(() => import('../features/admin/pages/contest-groups-page').then((m) => ({ default: m.ContestGroupsPage })));
export const NewGroupPage = lazy(() => import('../features/admin/pages/new-group-page').then((m) => ({ default: m.NewGroupPage })));
export const GroupContestantsPage = lazy(() => import('../features/admin/pages/group-contestants-page').then((m) => ({ default: m.GroupContestantsPage })));
export const AllContestantsPage = lazy(() => import('../features/admin/pages/all-contestants-page').then((m) => ({ default: m.AllContestantsPage })));

// Votes and live standings (issue 4): profiles and leaderboards.
export const ProfilePage = lazy(() => import('../features/profile/pages/profile-page').then((m) => ({ default: m.ProfilePage })));
export const LeaderboardPage = lazy(() => import('../features/leaderboard/pages/leaderboard-page').then((m) => ({ default: m.LeaderboardPage })));
