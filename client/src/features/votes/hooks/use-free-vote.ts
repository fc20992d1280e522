// The free vote (docs/product.md#free-votes), shared by the public profile, the vote page and
// the dashboard: already voted → info and nothing sent; otherwise +1 on screen at once, then the call;
// success → toast, voted, reload; failure → the +1 is taken back and the error shown. When the server
// asks for a solved challenge (428), the browser solves one and the vote goes again, once.
//
// Whether the viewer has voted is asked (vote-check) once the page runs in the browser, and until it
// answers the vote is `checking`: the button waits rather than offering a vote the server would refuse.
// A page drawn on the server is drawn checking, since its drawing is shared by every visitor.
import { useRef, useState } from 'react';
import { VOTE_CHALLENGE_MESSAGES as C, VOTE_MESSAGES as V } from '#contract/votes';
import { useHydrated } from '@/hooks/use-hydrated';
import { errorDetail, errorStatus } from '@/lib/api/api-error';
import { notify, type ToastOutcome } from '@/lib/toast';
import { useCastFreeVoteMutation, useGetVoteChallengeMutation } from '../api/cast-free-vote';
import { solveVoteChallenge } from '../api/solve-vote-challenge';
import { useGetVoteCheckQuery } from '../api/vote-check';

export interface FreeVoteOptions {
  username: string;
  /** Ask the server first whether this viewer (signed in, or this address) has voted: not on one's own profile. */
  check: boolean;
  viewer?: string;
  /** Adds the vote to the count on screen; returns how to take it back. */
  optimistic: () => () => void;
  /** After a counted vote: the profile reloads. */
  onCounted?: () => void;
}

export function useFreeVote({ username, check, viewer = '', optimistic, onCounted }: FreeVoteOptions) {
  const [cast, { isLoading: casting }] = useCastFreeVoteMutation();
  const [getChallenge] = useGetVoteChallengeMutation();
  const [solving, setSolving] = useState(false);
  const sending = casting || solving;
  // Never asked while the page is drawn on the server: that answer would be the server's, not the visitor's.
  const hydrated = useHydrated();
  const asks = check && !!username;
  const voteCheck = useGetVoteCheckQuery({ username, viewer }, { skip: !asks || !hydrated, refetchOnMountOrArgChange: true });
  // Remembered per contestant, so moving to another profile starts afresh.
  const [votedFor, setVotedFor] = useState<string | null>(null);
  const busy = useRef(false);
  const key = username.toLowerCase();
  // A failed check counts as not voted.
  const answer = voteCheck.currentData;
  const hasVoted = votedFor === key || (asks && answer?.hasVoted === true);
  const checking = asks && !hasVoted && answer === undefined && voteCheck.error === undefined;

  const vote = async () => {
    if (!username || busy.current || checking) return;
    if (hasVoted) {
      notify.info(V.alreadyVotedToday);
      return;
    }
    busy.current = true;
    const undo = optimistic();
    // Set when the server asked for a solved challenge: the outcome then replaces its "checking" toast.
    let progress: ToastOutcome | null = null;
    try {
      try {
        await cast({ username }).unwrap();
      } catch (error) {
        // 428: this vote needs a solved challenge; solve one and send the vote again, once.
        if (errorStatus(error) !== 428) throw error;
        progress = notify.progress(C.checking);
        setSolving(true);
        let altcha: string | null;
        try {
          // A challenge that cannot be fetched fails like the vote (its own message); one the browser cannot solve says so.
          const challenge = await getChallenge().unwrap();
          altcha = await solveVoteChallenge(challenge).catch(() => null);
        } finally {
          setSolving(false);
        }
        if (!altcha) {
          undo();
          progress.error(C.failed);
          return;
        }
        await cast({ username, altcha }).unwrap();
      }
      setVotedFor(key);
      (progress ?? notify).success(V.counted);
      onCounted?.();
    } catch (error) {
      undo();
      const toast = progress ?? notify;
      const detail = errorDetail(error);
      if (errorStatus(error) === 403 && detail?.toLowerCase().includes(V.alreadyCastedPhrase)) {
        setVotedFor(key);
        toast.info(V.alreadyVotedToday);
      } else if (errorStatus(error) === 403) toast.error(detail ?? V.notAuthorized);
      else toast.error(detail ?? V.failed);
    } finally {
      busy.current = false;
    }
  };

  return { vote, hasVoted, checking, sending };
}
