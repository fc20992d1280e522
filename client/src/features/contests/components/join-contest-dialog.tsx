// 'Confirm Join Contest': one contest at a time, none other while in it, placed in a group.
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import type { Contest } from '#contract/contests/answers';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

interface Props {
  contest: Contest | null;
  joining: boolean;
  onCancel: () => void;
  onConfirm: (contest: Contest) => void;
}

export function JoinContestDialog({ contest, joining, onCancel, onConfirm }: Props) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const { t } = useLingui();
  const name = contest?.name;
  return (
    <Dialog
      open={contest !== null}
      onClose={onCancel}
      busy={joining}
      initialFocusRef={cancelRef}
      title={t`Confirm Join Contest`}
      description={
        <>
          <p>
            <Trans>
              You are about to join <strong className="text-bone-50">{name}</strong>.
            </Trans>
          </p>
          <ul className="list-disc space-y-1 pl-5">
            <li>
              <Trans>You can only join one contest at a time.</Trans>
            </li>
            <li>
              <Trans>While you are participating in this contest, you cannot join any other contest.</Trans>
            </li>
            <li>
              <Trans>You will be placed in a group with other contestants.</Trans>
            </li>
          </ul>
        </>
      }
    >
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button ref={cancelRef} variant="outline" onClick={onCancel} disabled={joining}>
          <Trans>Cancel</Trans>
        </Button>
        <Button onClick={() => contest && onConfirm(contest)} disabled={joining}>
          {joining ? t`Joining...` : t`Join Contest`}
        </Button>
      </div>
    </Dialog>
  );
}
