// The authenticator's 6-digit code: numeric keyboard on phones, the browser's one-time-code autofill.
// Its error is a contract text (the code rules), shown in the app's language.
import { useLingui } from '@lingui/react/macro';
import type { InputHTMLAttributes } from 'react';
import { TextField } from '@/components/form/inputs';
import { useContractText } from '@/lib/i18n/contract-text';

type CodeFieldProps = { label?: string; error?: string | null } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>;

export function CodeField({ label, error, ...input }: CodeFieldProps) {
  const { t } = useLingui();
  const ct = useContractText();
  return (
    <TextField
      label={label ?? t`Code from your authenticator app`}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      maxLength={7}
      spellCheck={false}
      required
      error={error ? ct(error) : undefined}
      {...input}
    />
  );
}
