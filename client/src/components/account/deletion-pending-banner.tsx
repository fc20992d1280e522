// The notice an account scheduled for deletion sees on its pages after signing in, with the way to
// keep it: the grace period's cancel.
import { Trans, useLingui } from '@lingui/react/macro';
import { TriangleAlert } from 'lucide-react';
import { MY_DATA_MESSAGES as M } from '#contract/account/messages';
import { Button } from '@/components/ui/button';
import { errorDetail } from '@/lib/api/api-error';
import { useCancelMyDeletionMutation } from '@/lib/api/my-account';
import { asyncHandler } from '@/lib/async-handler';
import { formatDateTime } from '@/lib/dates';
import { useContractText } from '@/lib/i18n/contract-text';
import { notify } from '@/lib/toast';

export function DeletionPendingBanner({ dueAt }: { dueAt: string | null | undefined }) {
  const [cancel, { isLoading }] = useCancelMyDeletionMutation();
  const { t } = useLingui();
  const ct = useContractText();
  if (!dueAt) return null;
  const when = formatDateTime(dueAt);
  const keep = async () => {
    try {
      const answer = await cancel().unwrap();
      if (answer.deletion_due_at === null) notify.success(ct(M.deletionCancelled));
    } catch (e) {
      notify.error(ct(errorDetail(e) ?? t`Your account could not be kept. Please try again.`));
    }
  };
  return (
    <div
      role="status"
      className="mb-6 flex flex-col gap-3 rounded-lg border border-amber-500/50 bg-amber-950/50 px-4 py-3 text-amber-100 sm:flex-row sm:items-center"
    >
      <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
      <p className="flex-1">
        <Trans>Your account is scheduled for deletion on {when}. Until then you can keep it.</Trans>
      </p>
      <Button variant="outline" onClick={asyncHandler(keep)} disabled={isLoading} aria-busy={isLoading}>
        {isLoading ? t`Keeping your account...` : t`Keep my account`}
      </Button>
    </div>
  );
}
