// 'Confirm Join Contest': one contest at a time, none other while in it, placed in a group.
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
  return (
    <Dialog
      open={contest !== null}
      onClose={onCancel}
      busy={joining}
      initialFocusRef={cancelRef}
      title="Confirm Join Contest"
      description={
        <>
          <p>
            You are about to join <strong className="text-bone-50">{contest?.name}</strong>.
          </p>
          <ul className="list-disc space-y-1 pl-5">
            <li>You can only join one contest at a time.</li>
            <li>While you are participating in this contest, you cannot join any other contest.</li>
            <li>You will be placed in a group with other contestants.</li>
          </ul>
        </>
      }
    >
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button ref={cancelRef} variant="outline" onClick={onCancel} disabled={joining}>
          Cancel
        </Button>
        <Button onClick={() => contest && onConfirm(contest)} disabled={joining}>
          {joining ? 'Joining...' : 'Join Contest'}
        </Button>
      </div>
    </Dialog>
  );
}
