// /admin/two-factor: the signed-in staff account's two-factor sign-in. Off: set it up (QR code or key,
// then a code), which shows the recovery codes once. On: since when, the recovery codes left, new
// recovery codes for a current code, and turning it off (confirmed with a code or the password). When
// the site requires it of owners (STAFF_2FA=required), the page says so: the rest of the admin area
// waits for it.
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '#contract/twofactor/answers';
import { totpCodeOf } from '#contract/twofactor/codes';
import { RECOVERY_CODES_LOW } from '#contract/twofactor/constants';
import { TWO_FACTOR_MESSAGES as M } from '#contract/twofactor/messages';
import { FormAlert } from '@/components/form/form-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PageHeader, PageSection } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { describeError, errorDetail } from '@/lib/api/api-error';
import { selectAuth, twoFactorSetupDone } from '@/lib/auth/auth-slice';
import { formatDateTime } from '@/lib/dates';
import { useContractText } from '@/lib/i18n/contract-text';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';
import { notify } from '@/lib/toast';
import { useGetTwoFactorStatusQuery } from '../api/get-two-factor-status';
import { useRegenerateRecoveryCodesMutation } from '../api/regenerate-recovery-codes';
import { useStartTwoFactorSetupMutation } from '../api/start-two-factor-setup';
import { CodeField } from '../components/code-field';
import { DisableDialog } from '../components/disable-dialog';
import { RecoveryCodesPanel } from '../components/recovery-codes-panel';
import { SetupPanel } from '../components/setup-panel';

export function AdminTwoFactorPage() {
  const { data, isLoading, error, refetch } = useGetTwoFactorStatusQuery();
  const { user, twoFactorSetupRequired } = useAppSelector(selectAuth);
  const dispatch = useAppDispatch();
  /** Recovery codes just made: shown until the owner says they are saved, never again. */
  const [shownCodes, setShownCodes] = useState<string[] | null>(null);
  const { t } = useLingui();
  const ct = useContractText();

  const onConfirmed = ({ recovery_codes }: RecoveryCodes) => {
    setShownCodes(recovery_codes);
    dispatch(twoFactorSetupDone());
    notify.success(ct(M.enabled));
  };

  let content;
  if (isLoading) content = <Spinner label={t`Loading...`} className="py-16" />;
  else if (!data)
    content = (
      <ErrorPanel message={ct(errorDetail(error) ?? M.loadFailed)}>
        <Button variant="outline" onClick={() => void refetch()}>
          <Trans>Try Again</Trans>
        </Button>
      </ErrorPanel>
    );
  else if (shownCodes) content = <RecoveryCodesPanel codes={shownCodes} account={user?.username ?? ''} onDone={() => setShownCodes(null)} />;
  else if (data.enabled) content = <EnabledPanel status={data} onNewCodes={setShownCodes} />;
  else content = <DisabledPanel onConfirmed={onConfirmed} />;

  const required = data ? data.required && !data.enabled : twoFactorSetupRequired;
  return (
    <PageSection width="max-w-3xl">
      <PageHeader
        title={t`Two-Factor Sign-In`}
        subtitle={t`After your password, a 6-digit code from an authenticator app on your phone: a stolen password alone no longer opens the admin area.`}
      />
      {required ? (
        <div role="status" className="mb-6 flex items-start gap-3 rounded-lg border border-amber-400/60 bg-amber-950/40 px-4 py-3 text-sm text-amber-100">
          <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>{ct(M.setupRequiredPage)}</p>
        </div>
      ) : null}
      {data ? <StatusLine status={data} /> : null}
      {content}
    </PageSection>
  );
}

function StatusLine({ status }: { status: TwoFactorStatus }) {
  const since = formatDateTime(status.enabled_at);
  return (
    <p className="mb-6 flex flex-wrap items-center gap-2 text-sm text-bone-200">
      <span className="font-semibold text-bone-50">
        <Trans>Status:</Trans>
      </span>
      {status.enabled ? (
        <>
          <Badge tone="green">
            <ShieldCheck aria-hidden="true" className="size-3.5" />
            <Trans>On</Trans>
          </Badge>
          <span>
            <Trans>since {since}</Trans>
          </span>
        </>
      ) : (
        <Badge tone="gray">
          <Trans>Off</Trans>
        </Badge>
      )}
    </p>
  );
}

function DisabledPanel({ onConfirmed }: { onConfirmed: (codes: RecoveryCodes) => void }) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [start, { isLoading }] = useStartTwoFactorSetupMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const { t } = useLingui();
  const ct = useContractText();

  const begin = async () => {
    setProblem(null);
    try {
      setSetup(await start().unwrap());
    } catch (error) {
      setProblem(describeError(error));
    }
  };

  if (setup) return <SetupPanel setup={setup} onConfirmed={onConfirmed} onCancel={() => setSetup(null)} />;
  return (
    <div className="space-y-4">
      {problem ? <FormAlert>{ct(problem)}</FormAlert> : null}
      <p className="text-sm text-bone-200">
        <Trans>You need an authenticator app on your phone. Setting up takes a minute.</Trans>
      </p>
      <Button onClick={() => void begin()} disabled={isLoading}>
        {isLoading ? t`Starting...` : t`Set up two-factor sign-in`}
      </Button>
    </div>
  );
}

function EnabledPanel({ status, onNewCodes }: { status: TwoFactorStatus; onNewCodes: (codes: string[]) => void }) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [disabling, setDisabling] = useState(false);
  const [regenerate, { isLoading }] = useRegenerateRecoveryCodesMutation();
  const codesHeading = useId();
  const offHeading = useId();
  const left = status.recovery_codes_left;
  const low = left <= RECOVERY_CODES_LOW;
  const { t } = useLingui();
  const ct = useContractText();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const digits = totpCodeOf(code);
    if (digits === null) return setFieldError(code.trim() === '' ? M.codeRequired : M.setupCodeFormat);
    setFieldError(null);
    try {
      const { recovery_codes } = await regenerate({ code: digits }).unwrap();
      setCode('');
      notify.success(ct(M.regenerated));
      onNewCodes(recovery_codes);
    } catch (error) {
      setProblem(describeError(error));
      setCode('');
    }
  };

  return (
    <div className="space-y-8">
      <section aria-labelledby={codesHeading} className="rounded-lg border border-night-700 bg-night-900/70 p-5">
        <h2 id={codesHeading} className="text-lg font-semibold text-bone-50">
          <Trans>Recovery codes</Trans>
        </h2>
        <p className={`mt-2 text-sm ${low ? 'font-semibold text-amber-200' : 'text-bone-200'}`}>
          <Plural value={left} one="# recovery code left." other="# recovery codes left." />
          {low ? ` ${t`Make new ones before you run out.`}` : ''}
        </p>
        <form noValidate onSubmit={(e) => void submit(e)} aria-label={t`Make new recovery codes`} className="mt-4 max-w-xs space-y-4">
          {problem ? <FormAlert>{ct(problem)}</FormAlert> : null}
          <CodeField value={code} onChange={(e) => setCode(e.target.value)} error={fieldError} />
          <Button type="submit" variant="outline" disabled={isLoading}>
            {isLoading ? t`Making codes...` : t`Make new recovery codes`}
          </Button>
        </form>
      </section>
      <section aria-labelledby={offHeading} className="rounded-lg border border-night-700 bg-night-900/70 p-5">
        <h2 id={offHeading} className="text-lg font-semibold text-bone-50">
          <Trans>Turn off</Trans>
        </h2>
        <p className="mt-2 text-sm text-bone-200">
          {status.required ? `${t`This site requires owners to use two-factor sign-in: turned off, you can only set it up again.`} ` : ''}
          <Trans>Your password alone will sign you in.</Trans>
        </p>
        <Button variant="outline" className="mt-4" onClick={() => setDisabling(true)}>
          <Trans>Turn off two-factor sign-in</Trans>
        </Button>
      </section>
      <DisableDialog open={disabling} onClose={() => setDisabling(false)} onDisabled={() => notify.success(ct(M.disabled))} />
    </div>
  );
}
