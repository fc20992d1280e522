// Turning two-factor sign-in off, confirmed with a current code or the account's password.
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type FormEvent } from 'react';
import { totpCodeOf } from '#contract/twofactor/codes';
import { TWO_FACTOR_MESSAGES as M } from '#contract/twofactor/messages';
import { FormAlert } from '@/components/form/form-alert';
import { TextField } from '@/components/form/inputs';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { describeError } from '@/lib/api/api-error';
import { useContractText } from '@/lib/i18n/contract-text';
import { useDisableTwoFactorMutation } from '../api/disable-two-factor';
import { CodeField } from './code-field';

export function DisableDialog({ open, onClose, onDisabled }: { open: boolean; onClose: () => void; onDisabled: () => void }) {
  const [withPassword, setWithPassword] = useState(false);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [disable, { isLoading }] = useDisableTwoFactorMutation();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const { t } = useLingui();
  const ct = useContractText();

  const close = () => {
    setValue('');
    setFieldError(null);
    setFormError(null);
    setWithPassword(false);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const code = totpCodeOf(value);
    if (withPassword ? value === '' : code === null) return setFieldError(withPassword ? M.disableProofRequired : M.setupCodeFormat);
    setFieldError(null);
    try {
      await disable(withPassword ? { password: value } : { code: code! }).unwrap();
      close();
      onDisabled();
    } catch (error) {
      setFormError(describeError(error));
      setValue('');
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      busy={isLoading}
      initialFocusRef={cancelRef}
      title={t`Turn off two-factor sign-in?`}
      description={t`Your password alone will sign you in again, and your recovery codes stop working. Confirm with a code from your app or your password.`}
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 space-y-4">
        {formError ? <FormAlert>{ct(formError)}</FormAlert> : null}
        {withPassword ? (
          <TextField
            key="password"
            label={t`Your password`}
            type="password"
            autoComplete="current-password"
            required
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={fieldError === null ? undefined : ct(fieldError)}
          />
        ) : (
          <CodeField key="code" value={value} onChange={(e) => setValue(e.target.value)} error={fieldError} />
        )}
        <button
          type="button"
          onClick={() => {
            setWithPassword((p) => !p);
            setValue('');
            setFieldError(null);
          }}
          className="rounded text-sm font-medium text-blood-300 underline-offset-4 hover:underline"
        >
          {withPassword ? t`Use a code from your app instead` : t`Use your password instead`}
        </button>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button ref={cancelRef} variant="outline" onClick={close} disabled={isLoading}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" disabled={isLoading}>
            {isLoading ? t`Turning off...` : t`Turn off`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
