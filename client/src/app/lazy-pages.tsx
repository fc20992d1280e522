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
