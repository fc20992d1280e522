// /forgot-password: the same answer whether or not the account exists.
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { emailOnlySchema } from '#contract/auth/requests';
import { ACCOUNT_MESSAGES as A } from '#contract/auth/messages';
import { FormAlert } from '@/components/form/form-alert';
import { TextField } from '@/components/form/inputs';
import { Button } from '@/components/ui/button';
import { useForgotPasswordMutation } from '../api/forgot-password';
import { AuthCard } from '@/components/layout/auth-card';
import { TextLink } from '../components/text-link';
import { asyncHandler } from '@/lib/async-handler';
import { useContractText } from '@/lib/i18n/contract-text';
import { paths } from '@/lib/paths';

type Values = z.input<typeof emailOnlySchema>;

export function ForgotPasswordPage() {
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const [outcome, setOutcome] = useState<'sent' | 'failed' | null>(null);
  const { register, handleSubmit, formState } = useForm<Values, unknown, z.output<typeof emailOnlySchema>>({
    resolver: zodResolver(emailOnlySchema),
  });
  const { t } = useLingui();
  const ct = useContractText();
  // The field's message is the contract's (the schema).
  const emailError = formState.errors.email?.message;

  const onSubmit = async ({ email }: { email: string }) => {
    setOutcome(null);
    try {
      await forgotPassword({ email }).unwrap();
      setOutcome('sent');
    } catch {
      setOutcome('failed');
    }
  };

  return (
    <AuthCard
      title={t`Forgot password?`}
      subtitle={t`Enter your email address and we'll send you a link to reset your password.`}
      footer={
        <TextLink to={paths.login()}>
          <Trans>Back to Login</Trans>
        </TextLink>
      }
    >
      {outcome === 'sent' ? (
        <FormAlert tone="success">{ct(A.forgotAlways)}</FormAlert>
      ) : (
        <form noValidate onSubmit={asyncHandler(handleSubmit(onSubmit))} className="space-y-5">
          {outcome === 'failed' ? <FormAlert>{ct(A.forgotFailurePage)}</FormAlert> : null}
          <TextField
            label={t`Email Address`}
            type="email"
            autoComplete="email"
            required
            error={emailError === undefined ? undefined : ct(emailError)}
            {...register('email')}
          />
          <Button type="submit" size="lg" className="w-full" disabled={isLoading}>
            {isLoading ? t`Sending...` : t`Send Reset Link`}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
