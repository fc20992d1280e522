import { Trans, useLingui } from '@lingui/react/macro';
import { AuthCard } from '@/components/layout/auth-card';
import { ScriptsNeeded } from '@/components/form/scripts-needed';
import { paths } from '@/lib/paths';
import { RegistrationForm } from '../components/registration-form';
import { TextLink } from '../components/text-link';

/** /register. */
export function RegisterPage() {
  const { t } = useLingui();
  return (
    <AuthCard
      wide
      title={t`Become an Actor of the Year`}
      subtitle={t`Create your contestant profile and step into the spotlight.`}
      footer={
        <Trans>
          Already have an account? <TextLink to={paths.login()}>Sign in</TextLink>
        </Trans>
      }
    >
      <ScriptsNeeded what={t`Registering`}>
        <RegistrationForm />
      </ScriptsNeeded>
    </AuthCard>
  );
}
