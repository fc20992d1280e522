// The authenticator's 6-digit code: numeric keyboard on phones, the browser's one-time-code autofill.
import type { InputHTMLAttributes } from 'react';
import { TextField } from '@/components/form/inputs';

type CodeFieldProps = { label?: string; error?: string | null } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>;

export function CodeField({ label = 'Code from your authenticator app', error, ...input }: CodeFieldProps) {
  return (
    <TextField
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      maxLength={7}
      spellCheck={false}
      required
      error={error ?? undefined}
      {...input}
    />
  );
}
