// The text fields of the registration form.
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import type { registrationFieldsSchema } from '#contract/auth/requests';
import { CategoryField, TextAreaField, TextField } from '@/components/form/inputs';

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
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField label="Username" autoComplete="username" required error={errors.username?.message} {...register('username')} />
      <TextField label="Email Address" type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
      <TextField label="First Name" autoComplete="given-name" required error={errors.first_name?.message} {...register('first_name')} />
      <TextField label="Last Name" autoComplete="family-name" required error={errors.last_name?.message} {...register('last_name')} />
      <TextField
        label="Phone Number"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        required
        error={errors.phone_number?.message}
        {...register('phone_number')}
      />
      <CategoryField required categories={categories} error={errors.category?.message} defaultValue="" {...register('category')} />
      <TextField
        label="Instagram"
        {...HANDLE_INPUT}
        placeholder="@yourname or instagram.com/yourname"
        error={errors.instagram?.message}
        {...register('instagram')}
      />
      <TextField label="TikTok" {...HANDLE_INPUT} placeholder="@yourname or tiktok.com/@yourname" error={errors.tiktok?.message} {...register('tiktok')} />
      <TextAreaField
        label="Biography"
        required
        fieldClassName="sm:col-span-2"
        placeholder="Tell the fans who you are and why you were born to scream."
        error={errors.biography?.message}
        {...register('biography')}
      />
      <TextField label="Password" type="password" autoComplete="new-password" required error={errors.password?.message} {...register('password')} />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirm_password?.message}
        {...register('confirm_password')}
      />
    </div>
  );
}
