// "Your data": the download of everything the site holds about the account (one JSON file), and the
// account's deletion, confirmed by typing the username, which waits a grace period before it is done.
import { Trans, useLingui } from '@lingui/react/macro';
import { Download, Trash2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { MY_DATA_MESSAGES as M } from '#contract/account/messages';
import { FormAlert } from '@/components/form/form-alert';
import { TextField } from '@/components/form/inputs';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { describeError, errorDetail } from '@/lib/api/api-error';
import { useDownloadMyDataMutation, useRequestMyDeletionMutation } from '@/lib/api/my-account';
import { asyncHandler } from '@/lib/async-handler';
import { formatDateTime } from '@/lib/dates';
import { files } from '@/lib/download';
import { useContractText } from '@/lib/i18n/contract-text';
import { notify } from '@/lib/toast';

function DeleteAccountDialog({ open, username, onClose }: { open: boolean; username: string; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [request, { isLoading }] = useRequestMyDeletionMutation();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const { t } = useLingui();
  const ct = useContractText();

  const close = () => {
    setTyped('');
    setFieldError(null);
    setFormError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    // The same check the server makes, so a typo is said before anything is sent.
    if (typed.trim().toLowerCase() !== username.toLowerCase()) return setFieldError(M.confirmMismatch);
    setFieldError(null);
    try {
      const answer = await request({ confirm_username: typed.trim() }).unwrap();
      close();
      const when = formatDateTime(answer.deletion_due_at);
      notify.success(t`Your account will be deleted on ${when}.`);
    } catch (error) {
      setFormError(describeError(error));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      busy={isLoading}
      initialFocusRef={cancelRef}
      title={t`Delete your account?`}
      description={t`Your profile, photos, answers and sign-in are erased after a grace period; sign in before it ends to cancel. Votes and payments stay in the contest's records without your name, so totals and receipts stay true.`}
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 space-y-4">
        {formError ? <FormAlert>{ct(formError)}</FormAlert> : null}
        <TextField
          label={t`Type your username (${username}) to confirm`}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          error={fieldError === null ? undefined : ct(fieldError)}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button ref={cancelRef} type="button" variant="ghost" onClick={close} disabled={isLoading}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" disabled={isLoading} aria-busy={isLoading}>
            {isLoading ? t`Scheduling the deletion...` : t`Delete my account`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function MyDataCard({ username, deletionDueAt }: { username: string; deletionDueAt: string | null }) {
  const [download, { isLoading: downloading }] = useDownloadMyDataMutation();
  const [deleting, setDeleting] = useState(false);
  const { t } = useLingui();
  const ct = useContractText();

  const onDownload = async () => {
    try {
      const json = await download().unwrap();
      files.save(new Blob([json], { type: 'application/json;charset=utf-8' }), `my-data-${username}.json`);
    } catch (e) {
      notify.error(ct(errorDetail(e) ?? t`Your data could not be downloaded. Please try again.`));
    }
  };

  return (
    <section aria-labelledby="my-data-heading" className="rounded-2xl border border-night-700 bg-night-900/90 p-6 shadow-xl">
      <h2 id="my-data-heading" className="text-xl font-bold text-bone-50">
        <Trans>Your data</Trans>
      </h2>
      <p className="mt-1 text-sm text-bone-400">
        <Trans>Download everything we hold about your account as one file, or delete your account.</Trans>
      </p>
      <div className="mt-4 flex flex-col gap-3">
        <Button variant="outline" onClick={asyncHandler(onDownload)} disabled={downloading} aria-busy={downloading}>
          <Download aria-hidden="true" className="size-4" /> {downloading ? t`Preparing your data...` : t`Download my data`}
        </Button>
        {/* A pending deletion is shown, with its cancel, at the top of the page (DeletionPendingBanner). */}
        {deletionDueAt ? null : (
          <Button variant="outline" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden="true" className="size-4" /> <Trans>Delete my account</Trans>
          </Button>
        )}
      </div>
      <DeleteAccountDialog open={deleting} username={username} onClose={() => setDeleting(false)} />
    </section>
  );
}
