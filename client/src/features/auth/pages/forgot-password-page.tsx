// /forgot-password: the same answer whether or not the account exists.
import { zodResolver } from '@hookform/resolvers/zod';
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
import { paths } from '@/lib/paths';

type Values = z.input<typeof emailOnlySchema>;

export function ForgotPasswordPage() {
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const [outcome, setOutcome] = useState<'sent' | 'failed' | null>(null);
  const { register, handleSubmit, formState } = useForm<Values, unknown, z.output<typeof emailOnlySchema>>({
    resolver: zodResolver(emailOnlySchema),
  });

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
      title="Forgot password?"
      subtitle="Enter your email address and we'll send you a link to reset your password."
      footer={<TextLink to={paths.login()}>Back to Login</TextLink>}
    >
      {outcome === 'sent' ? (
        <FormAlert tone="success">{A.forgotAlways}</FormAlert>
      ) : (
        <form noValidate onSubmit={asyncHandler(handleSubmit(onSubmit))} className="space-y-5">
          {outcome === 'failed' ? <FormAlert>{A.forgotFailurePage}</FormAlert> : null}
          <TextField label="Email Address" type="email" autoComplete="email" required error={formState.errors.email?.message} {...register('email')} />
          <Button type="submit" size="lg" className="w-full" disabled={isLoading}>
            {isLoading ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
