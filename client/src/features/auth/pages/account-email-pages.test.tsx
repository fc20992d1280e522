import { beforeEach, describe, expect, it } from '@jest/globals';
import { inLocale } from '@/testing/locale';
import { waitFor } from '@testing-library/react';
import { ACCOUNT_MESSAGES as A } from '#contract/auth/messages';
import { paths } from '@/lib/paths';
import { mockNetwork } from '@/testing/server';
import { currentPath, renderApp } from '@/testing/render-app';
import { SITE } from '@/testing/fixtures';

const site = { 'GET /api/v1/site': { body: SITE } };

describe('RegistrationSuccessPage', () => {
  beforeEach(() => localStorage.clear());

  it('should send a visitor without a stored registration e-mail to /register', async () => {
    mockNetwork(site);
    const { router, screen } = renderApp(paths.registrationSuccess());
    expect(await screen.findByRole('heading', { name: 'Become an Actor of the Year' })).toBeInTheDocument();
    expect(currentPath(router)).toBe(paths.register());
  });

  it('should resend the verification e-mail to the stored address', async () => {
    localStorage.setItem('registrationEmail', 'queen@example.com');
    const net = mockNetwork({ ...site, 'POST /api/v1/auth/request-email-verification': { body: { message: 'sent' } } });
    const { screen, user } = renderApp(paths.registrationSuccess());
    expect(await screen.findByText('queen@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', paths.login());
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText(A.resendSuccess)).toBeInTheDocument();
    expect(net.requestsTo('POST', '/api/v1/auth/request-email-verification')[0].body).toEqual({ email: 'queen@example.com' });
  });

  it('should show the detail or the fallback when the resend fails', async () => {
    localStorage.setItem('registrationEmail', 'queen@example.com');
    mockNetwork({ ...site, 'POST /api/v1/auth/request-email-verification': { status: 500, body: {} } });
    const { screen, user } = renderApp(paths.registrationSuccess());
    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText(A.resendFailed)).toBeInTheDocument();
  });

  it('should say no registration e-mail was found and go to /register when it vanished', async () => {
    localStorage.setItem('registrationEmail', 'queen@example.com');
    const net = mockNetwork(site);
    const { router, screen, user } = renderApp(paths.registrationSuccess());
    const button = await screen.findByRole('button', { name: 'Resend verification email' });
    localStorage.removeItem('registrationEmail');
    await user.click(button);
    expect(await screen.findByText(A.noRegistrationEmail)).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe(paths.register()));
    expect(net.requestsTo('POST', '/api/v1/auth/request-email-verification')).toHaveLength(0);
  });
});

describe('VerifyEmailPage', () => {
  it('should call a link without a token invalid', async () => {
    const net = mockNetwork(site);
    const { screen } = renderApp(paths.verifyEmail());
    expect(await screen.findByText(A.invalidVerificationLink)).toBeInTheDocument();
    expect(net.requestsTo('GET', '/api/v1/auth/verify-email')).toHaveLength(0);
  });

  it('should verify once, even under StrictMode, and say so', async () => {
    const net = mockNetwork({ ...site, 'GET /api/v1/auth/verify-email': { body: { message: 'Email verified successfully!' } } });
    const { screen } = renderApp(paths.verifyEmail({ query: { token: 'abc123' } }), { strict: true });
    expect(await screen.findByText(A.verifySuccess)).toBeInTheDocument();
    const calls = net.requestsTo('GET', '/api/v1/auth/verify-email');
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/v1/auth/verify-email?token=abc123');
    expect(screen.getByRole('link', { name: 'Continue to Sign In' })).toHaveAttribute('href', paths.login());
  });

  it.each([
    [{ detail: 'This link has expired. Please request a new one.' }, 'This link has expired. Please request a new one.'],
    [{}, A.verifyFailedPage],
  ])('should show the detail or the fallback on failure (%j)', async (body, message) => {
    mockNetwork({ ...site, 'GET /api/v1/auth/verify-email': { status: 400, body } });
    const { screen } = renderApp(paths.verifyEmail({ query: { token: 'used' } }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});

describe('ForgotPasswordPage', () => {
  it('should check the e-mail with the spec messages', async () => {
    mockNetwork(site);
    const { screen, user } = renderApp(paths.forgotPassword());
    const submit = await screen.findByRole('button', { name: 'Send Reset Link' });
    await user.click(submit);
    expect(await screen.findByText(A.forgotEmailRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email Address'), 'nope');
    await user.click(submit);
    expect(await screen.findByText(A.forgotEmailInvalid)).toBeInTheDocument();
  });

  it('should always confirm once sent', async () => {
    mockNetwork({ ...site, 'POST /api/v1/auth/forgot-password': { body: { message: 'ok' } } });
    const { screen, user } = renderApp(paths.forgotPassword());
    await user.type(await screen.findByLabelText('Email Address'), 'who@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(A.forgotAlways)).toBeInTheDocument();
  });

  it('should say something went wrong when the call fails', async () => {
    mockNetwork({ ...site, 'POST /api/v1/auth/forgot-password': { status: 500, body: {} } });
    const { screen, user } = renderApp(paths.forgotPassword());
    await user.type(await screen.findByLabelText('Email Address'), 'who@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(A.forgotFailurePage)).toBeInTheDocument();
  });
});

describe('ResetPasswordPage', () => {
  it('should check the new password and its confirmation', async () => {
    mockNetwork(site);
    const { screen, user } = renderApp(paths.resetPassword({ query: { token: 't1' } }));
    const submit = await screen.findByRole('button', { name: 'Reset Password' });
    await user.click(submit);
    expect(await screen.findByText(A.resetPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText(A.resetConfirmRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('New Password'), 'short');
    await user.type(screen.getByLabelText('Confirm New Password'), 'other');
    await user.click(submit);
    expect(await screen.findByText(A.resetPasswordMin)).toBeInTheDocument();
  });

  it('should reset with the token and show the success screen', async () => {
    const net = mockNetwork({ ...site, 'POST /api/v1/auth/reset-password': { body: { message: 'ok' } } });
    const { screen, user } = renderApp(paths.resetPassword({ query: { token: 't1' } }));
    await user.type(await screen.findByLabelText('New Password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(A.passwordResetDone)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', paths.login());
    expect(net.requestsTo('POST', '/api/v1/auth/reset-password')[0].body).toEqual({ token: 't1', new_password: 'new-password-1' });
  });

  it('should say when the passwords do not match', async () => {
    mockNetwork(site);
    const { screen, user } = renderApp(paths.resetPassword({ query: { token: 't1' } }));
    await user.type(await screen.findByLabelText('New Password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-password-2');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(A.resetConfirmMatch)).toBeInTheDocument();
  });

  it('should show the detail or the fallback when the reset fails', async () => {
    mockNetwork({ ...site, 'POST /api/v1/auth/reset-password': { status: 400, body: {} } });
    const { screen, user } = renderApp(paths.resetPassword({ query: { token: 't1' } }));
    await user.type(await screen.findByLabelText('New Password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(A.resetFailedPage)).toBeInTheDocument();
  });
});

describe('The account e-mail pages in Brazilian Portuguese', () => {
  inLocale('pt-BR');

  beforeEach(() => localStorage.clear());

  it('should say where the verification link went, in Portuguese', async () => {
    localStorage.setItem('registrationEmail', 'queen@example.com');
    mockNetwork(site);
    const { screen } = renderApp(paths.registrationSuccess());
    expect(await screen.findByRole('heading', { name: 'Confira seu e-mail' })).toBeInTheDocument();
    expect(screen.getByText(/Sua inscrição foi concluída\. Enviamos um link de verificação para/)).toHaveTextContent('queen@example.com');
    expect(screen.getByRole('button', { name: 'Reenviar e-mail de verificação' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para o login' })).toHaveAttribute('href', paths.login());
  });

  it('should ask for the address to reset in Portuguese', async () => {
    mockNetwork(site);
    const { screen } = renderApp(paths.forgotPassword());
    expect(await screen.findByRole('heading', { name: 'Esqueceu a senha?' })).toBeInTheDocument();
    expect(screen.getByLabelText('Endereço de e-mail')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar link de redefinição' })).toBeInTheDocument();
  });

  it('should offer a new reset link and the new password fields in Portuguese', async () => {
    mockNetwork(site);
    const { screen } = renderApp(paths.resetPassword());
    expect(await screen.findByRole('heading', { name: 'Redefina sua senha' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Solicitar um novo link de redefinição' })).toHaveAttribute('href', paths.forgotPassword());
  });
});
