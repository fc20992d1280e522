import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { resetPasswordFormSchema } from '#contract/auth/requests';
import { ACCOUNT_MESSAGES as A } from '#contract/auth/messages';
import { FormAlert } from '@/components/form/form-alert';
import { TextField } from '@/components/form/inputs';
import { Button } from '@/components/ui/button';
import { errorDetail, validationItems } from '@/lib/api/api-error';
import { applyFieldErrors } from '@/lib/api/form-errors';
import { useContractText } from '@/lib/i18n/contract-text';
import { useResetPasswordMutation } from '../api/reset-password';
import { asyncHandler } from '@/lib/async-handler';

type Values = z.input<typeof resetPasswordFormSchema>;

export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<Values>({ resolver: zodResolver(resetPasswordFormSchema) });
  const { errors } = formState;
  const { t } = useLingui();
  const ct = useContractText();
  // Field messages are the contract's (the schema) or the server's.
  const fieldError = (message: string | undefined) => (message === undefined ? undefined : ct(message));

  const onSubmit = async ({ new_password }: Values) => {
    setFormError(null);
    try {
      await resetPassword({ token, new_password }).unwrap();
      onDone();
    } catch (error) {
      const items = validationItems(error);
      const rest = items ? applyFieldErrors(items, setError, ['new_password']) : [];
      // A problem with the password itself shows under its field; anything else (the token) above.
      if (items && rest.length === 0) return;
      setFormError(errorDetail(error) ?? A.resetFailedPage);
    }
  };

  return (
    <form noValidate onSubmit={asyncHandler(handleSubmit(onSubmit))} className="space-y-5">
      {formError ? <FormAlert>{ct(formError)}</FormAlert> : null}
      <TextField
        label={t`New Password`}
        type="password"
        autoComplete="new-password"
        required
        error={fieldError(errors.new_password?.message)}
        {...register('new_password')}
      />
      <TextField
        label={t`Confirm New Password`}
        type="password"
        autoComplete="new-password"
        required
        error={fieldError(errors.confirm_password?.message)}
        {...register('confirm_password')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={isLoading}>
        {isLoading ? t`Resetting...` : t`Reset Password`}
      </Button>
    </form>
  );
}
