// Sign-in form: same zod schema as the server.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { loginSchema } from '#contract/auth-schemas';
import { LOGIN_MESSAGES } from '#contract/messages';
import { FormAlert } from '@/components/form/form-alert';
import { CheckboxField, TextField } from '@/components/form/inputs';
import { Button } from '@/components/ui/button';
import { asyncHandler } from '@/lib/async-handler';
import { signIn } from '@/lib/auth/auth-slice';
import { decodeToken, isExpired } from '@/lib/auth/jwt';
import { useAppDispatch } from '@/lib/store/hooks';
import { useLoginMutation } from '../api/login';
import { loginErrorMessage } from '../utils/login-error-message';
import { postLoginTarget } from '../utils/post-login-target';
import { TextLink } from './text-link';

type LoginValues = z.input<typeof loginSchema>;
type LoginOutput = z.output<typeof loginSchema>;

export function LoginForm() {
  const [login, { isLoading }] = useLoginMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { register, handleSubmit, formState } = useForm<LoginValues, unknown, LoginOutput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '', remember_me: false },
  });
  const { errors } = formState;

  const onSubmit = async (values: LoginOutput) => {
    setFormError(null);
    let token: string;
    try {
      token = (await login(values).unwrap()).access_token;
    } catch (error) {
      setFormError(loginErrorMessage(error));
      return;
    }
    const claims = decodeToken(token);
    if (!claims || isExpired(claims)) {
      setFormError(LOGIN_MESSAGES.formFallback);
      return;
    }
    dispatch(signIn(token));
    navigate(postLoginTarget(claims.is_superuser, location.state), { replace: true });
  };

  return (
    <form noValidate onSubmit={asyncHandler(handleSubmit(onSubmit))} className="space-y-5">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <TextField label="Email or Username" autoComplete="username" required error={errors.username?.message} {...register('username')} />
      <TextField label="Password" type="password" autoComplete="current-password" required error={errors.password?.message} {...register('password')} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CheckboxField label="Remember me" {...register('remember_me')} />
        <TextLink to="/forgot-password">Forgot password?</TextLink>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={isLoading}>
        {isLoading ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
