// The free vote of spec 000 §4 (steps 1-4) and §8 Voting, shared by the public profile and the
// dashboard: already voted → info and nothing sent; otherwise +1 on screen at once, then the call;
// success → toast, voted, reload; failure → the +1 is taken back and the error shown.
import { useRef, useState } from 'react';
import { VOTE_MESSAGES as V } from '#contract/votes';
import { errorDetail, errorStatus } from '@/lib/api/api-error';
import { notify } from '@/lib/toast';
import { useCastFreeVoteMutation } from './cast-free-vote';
import { useGetVoteCheckQuery } from './vote-check';

export interface FreeVoteOptions {
  username: string;
  /** Ask the server first whether this viewer has voted: only signed in, on someone else's profile (000 §6). */
  check: boolean;
  viewer?: string;
  /** Adds the vote to the count on screen; returns how to take it back. */
  optimistic: () => () => void;
  /** After a counted vote: the profile reloads (000 §4 step 3). */
  onCounted?: () => void;
}

export function useFreeVote({ username, check, viewer = '', optimistic, onCounted }: FreeVoteOptions) {
  const [cast, { isLoading: sending }] = useCastFreeVoteMutation();
  const voteCheck = useGetVoteCheckQuery({ username, viewer }, { skip: !check || !username, refetchOnMountOrArgChange: true });
  // Remembered per contestant, so moving to another profile starts afresh.
  const [votedFor, setVotedFor] = useState<string | null>(null);
  const busy = useRef(false);
  const key = username.toLowerCase();
  // A failed check counts as not voted (000 §8).
  const hasVoted = votedFor === key || (check && voteCheck.data?.hasVoted === true);

  const vote = async () => {
    if (!username || busy.current) return;
    if (hasVoted) {
      notify.info(V.alreadyVotedToday);
      return;
    }
    busy.current = true;
    const undo = optimistic();
    try {
      await cast(username).unwrap();
      setVotedFor(key);
      notify.success(V.counted);
      onCounted?.();
    } catch (error) {
      undo();
      const detail = errorDetail(error);
      if (errorStatus(error) === 403 && detail?.toLowerCase().includes(V.alreadyCastedPhrase)) {
        setVotedFor(key);
        notify.info(V.alreadyVotedToday);
      } else if (errorStatus(error) === 403) notify.error(detail ?? V.notAuthorized);
      else notify.error(detail ?? V.failed);
    } finally {
      busy.current = false;
    }
  };

  return { vote, hasVoted, sending };
}
