import { AuthCard } from '@/components/layout/auth-card';
import { ScriptsNeeded } from '@/components/form/scripts-needed';
import { paths } from '@/lib/paths';
import { RegistrationForm } from '../components/registration-form';
import { TextLink } from '../components/text-link';

/** /register. */
export function RegisterPage() {
  return (
    <AuthCard
      wide
      title="Become an Actor of the Year"
      subtitle="Create your contestant profile and step into the spotlight."
      footer={
        <>
          Already have an account? <TextLink to={paths.login()}>Sign in</TextLink>
        </>
      }
    >
      <ScriptsNeeded what="Registering">
        <RegistrationForm />
      </ScriptsNeeded>
    </AuthCard>
  );
}
