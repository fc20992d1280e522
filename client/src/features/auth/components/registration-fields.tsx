// The text fields of the registration form.
import { useLingui } from '@lingui/react/macro';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import type { registrationFieldsSchema } from '#contract/auth/requests';
import { CategoryField, TextAreaField, TextField } from '@/components/form/inputs';
import { useContractText } from '@/lib/i18n/contract-text';

export type RegistrationValues = z.input<typeof registrationFieldsSchema>;

/** A username or an address: typed as is, never capitalised or corrected by a phone's keyboard. */
const HANDLE_INPUT = { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false } as const;

interface Props {
  register: UseFormRegister<RegistrationValues>;
  errors: FieldErrors<RegistrationValues>;
  /** The categories registration offers (GET /site). */
  categories: readonly string[];
}

export function RegistrationFields({ register, errors, categories }: Props) {
  const { t } = useLingui();
  const ct = useContractText();
  // Field messages are the contract's (the schema) or the server's.
  const fieldError = (message: string | undefined) => (message === undefined ? undefined : ct(message));
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField label={t`Username`} autoComplete="username" required error={fieldError(errors.username?.message)} {...register('username')} />
      <TextField label={t`Email Address`} type="email" autoComplete="email" required error={fieldError(errors.email?.message)} {...register('email')} />
      <TextField label={t`First Name`} autoComplete="given-name" required error={fieldError(errors.first_name?.message)} {...register('first_name')} />
      <TextField label={t`Last Name`} autoComplete="family-name" required error={fieldError(errors.last_name?.message)} {...register('last_name')} />
      <TextField
        label={t`Phone Number`}
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        required
        error={fieldError(errors.phone_number?.message)}
        {...register('phone_number')}
      />
      <CategoryField required categories={categories} error={fieldError(errors.category?.message)} defaultValue="" {...register('category')} />
      <TextField
        label="Instagram"
        {...HANDLE_INPUT}
        placeholder={t`@yourname or instagram.com/yourname`}
        error={fieldError(errors.instagram?.message)}
        {...register('instagram')}
      />
      <TextField
        label="TikTok"
        {...HANDLE_INPUT}
        placeholder={t`@yourname or tiktok.com/@yourname`}
        error={fieldError(errors.tiktok?.message)}
        {...register('tiktok')}
      />
      <TextAreaField
        label={t`Biography`}
        required
        fieldClassName="sm:col-span-2"
        placeholder={t`Tell the fans who you are and why you were born to scream.`}
        error={fieldError(errors.biography?.message)}
        {...register('biography')}
      />
      <TextField
        label={t`Password`}
        type="password"
        autoComplete="new-password"
        required
        error={fieldError(errors.password?.message)}
        {...register('password')}
      />
      <TextField
        label={t`Confirm Password`}
        type="password"
        autoComplete="new-password"
        required
        error={fieldError(errors.confirm_password?.message)}
        {...register('confirm_password')}
      />
    </div>
  );
}
