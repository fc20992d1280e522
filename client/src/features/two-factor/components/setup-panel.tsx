// Setting up: scan the QR code (or type the secret), then confirm with the code the app shows.
import { Trans, useLingui } from '@lingui/react/macro';
import { Copy } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { RecoveryCodes, TwoFactorSetup } from '#contract/twofactor/answers';
import { totpCodeOf } from '#contract/twofactor/codes';
import { TWO_FACTOR_MESSAGES as M } from '#contract/twofactor/messages';
import { FormAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import { describeError } from '@/lib/api/api-error';
import { copyText } from '@/lib/clipboard';
import { useContractText } from '@/lib/i18n/contract-text';
import { notify } from '@/lib/toast';
import { useConfirmTwoFactorSetupMutation } from '../api/confirm-two-factor-setup';
import { CodeField } from './code-field';

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

export function SetupPanel({ setup, onConfirmed, onCancel }: { setup: TwoFactorSetup; onConfirmed: (codes: RecoveryCodes) => void; onCancel: () => void }) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [confirm, { isLoading }] = useConfirmTwoFactorSetupMutation();
  const headingId = useId();
  const { t } = useLingui();
  const ct = useContractText();
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const digits = totpCodeOf(code);
    if (digits === null) return setFieldError(code.trim() === '' ? M.codeRequired : M.setupCodeFormat);
    setFieldError(null);
    try {
      onConfirmed(await confirm({ code: digits }).unwrap());
    } catch (error) {
      setFormError(describeError(error));
      setCode('');
    }
  };

  const copySecret = async () => {
    if (await copyText(setup.secret)) notify.success(t`Key copied`);
    else notify.error(t`Your browser did not allow copying: select the key and copy it.`);
  };

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-night-700 bg-night-900/70 p-5">
      <h2 id={headingId} className="text-lg font-semibold text-bone-50">
        <Trans>Set up your authenticator app</Trans>
      </h2>
      <ol className="mt-4 space-y-6 text-sm text-bone-200">
        <li>
          <p>
            <Trans>
              <strong className="text-bone-50">1. Scan this QR code</strong> with an authenticator app (such as 1Password, Google Authenticator, Microsoft
              Authenticator or Aegis).
            </Trans>
          </p>
          <img src={qr} alt={t`QR code to scan with your authenticator app`} width={192} height={192} className="mt-3 size-48 rounded bg-white p-1" />
        </li>
        <li>
          <p>
            <Trans>
              <strong className="text-bone-50">Or enter this key</strong> in the app by hand (time-based, 6 digits):
            </Trans>
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <code aria-label={t`Setup key`} className="select-all break-all rounded bg-night-950 px-3 py-1.5 font-mono text-base tracking-wider text-bone-50">
              {grouped(setup.secret)}
            </code>
            <Button variant="outline" size="sm" onClick={() => void copySecret()}>
              <Copy aria-hidden="true" className="size-4" />
              <Trans>Copy key</Trans>
            </Button>
          </div>
        </li>
        <li>
          <p>
            <Trans>
              <strong className="text-bone-50">2. Enter the 6-digit code</strong> the app shows now.
            </Trans>
          </p>
          <form noValidate onSubmit={(e) => void submit(e)} className="mt-3 max-w-xs space-y-4" aria-label={t`Confirm two-factor sign-in`}>
            {formError ? <FormAlert>{ct(formError)}</FormAlert> : null}
            <CodeField value={code} onChange={(e) => setCode(e.target.value)} error={fieldError} />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" disabled={isLoading}>
                {isLoading ? t`Turning on...` : t`Turn on`}
              </Button>
              <Button variant="outline" onClick={onCancel} disabled={isLoading}>
                <Trans>Cancel</Trans>
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </section>
  );
}
