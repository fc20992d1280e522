import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { registrationEmailStorage } from '@/lib/storage';
import { AuthCard } from '@/components/layout/auth-card';
import { ScriptsNeeded } from '@/components/form/scripts-needed';
import { paths } from '@/lib/paths';
import { LoginForm } from '../components/login-form';
import { ProviderSignIn } from '../components/provider-sign-in';
import { TextLink } from '../components/text-link';

/** /login. */
export function LoginPage() {
  // A finished sign-up flow ends here: the stored registration e-mail is no longer needed.
  useEffect(() => registrationEmailStorage.clear(), []);
  const { t } = useLingui();
  return (
    <AuthCard
      title={t`Welcome back`}
      subtitle={t`Sign in to your account`}
      footer={
        <Trans>
          Don't have an account? <TextLink to={paths.register()}>Register</TextLink>
        </Trans>
      }
    >
      <ScriptsNeeded what={t`Signing in`}>
        <ProviderSignIn />
        <LoginForm />
      </ScriptsNeeded>
    </AuthCard>
  );
}
