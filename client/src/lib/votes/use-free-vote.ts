// The free vote (docs/product.md#free-votes), shared by the public profile, the vote page and
// the dashboard: already voted → info and nothing sent; otherwise +1 on screen at once, then the call;
// success → toast, voted, reload; failure → the +1 is taken back and the error shown. When the server
// asks for a solved challenge (428), the browser solves one and the vote goes again, once.
//
// Whether the viewer has voted is asked (vote-check) once the page runs in the browser, and until it
// answers the vote is `checking`: the button waits rather than offering a vote the server would refuse.
// A page drawn on the server is drawn checking, since its drawing is shared by every visitor.
// The check and the vote's answer say when the next free vote is allowed (`nextVoteAt`), and the check
// why no vote would be taken now (`refusal`: not in the current contest, eliminated...), so the button
// never offers a vote the server would refuse.
import { msg } from '@lingui/core/macro';
import { useRef, useState } from 'react';
import { VOTE_CHALLENGE_MESSAGES as C, VOTE_MESSAGES as V } from '#contract/votes/messages';
import { useHydrated } from '@/hooks/use-hydrated';
import { errorDetail, errorStatus } from '@/lib/api/api-error';
import { formatNextVote } from '@/lib/dates';
import { contractText } from '@/lib/i18n/contract-text';
import { libText } from '@/lib/i18n/lib-text';
import { notify, type ToastOutcome } from '@/lib/toast';
import { useCastFreeVoteMutation, useGetVoteChallengeMutation } from './cast-free-vote';
import { solveVoteChallenge } from './solve-vote-challenge';
import { useGetVoteCheckQuery } from './vote-check';

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

/**
 * "You've already voted today. Come back tomorrow at 6:40 PM!": the contract's "…Come back tomorrow!"
 * with the time, one sentence in the reader's language.
 */
export const alreadyVotedText = (nextVoteAt: string) => {
  const when = formatNextVote(nextVoteAt);
  return libText(msg`You've already voted today. Come back ${when}!`);
};

/** A contract text or the server's answer, in the reader's language. */
const ct = (text: string) => contractText(text);

export function useFreeVote({ username, check, viewer = '', optimistic, onCounted }: FreeVoteOptions) {
  const [cast, { isLoading: casting }] = useCastFreeVoteMutation();
  const [getChallenge] = useGetVoteChallengeMutation();
  const [solving, setSolving] = useState(false);
  const sending = casting || solving;
  // Never asked while the page is drawn on the server: that answer would be the server's, not the visitor's.
  const hydrated = useHydrated();
  const asks = check && !!username;
  const voteCheck = useGetVoteCheckQuery({ username, viewer }, { skip: !asks || !hydrated, refetchOnMountOrArgChange: true });
  // Remembered per contestant, so moving to another profile starts afresh; with when the next vote is allowed, once known.
  const [votedFor, setVotedFor] = useState<{ key: string; nextVoteAt: string | null } | null>(null);
  const busy = useRef(false);
  const key = username.toLowerCase();
  // A failed check counts as not voted.
  const answer = voteCheck.currentData;
  const mine = votedFor?.key === key ? votedFor : null;
  const hasVoted = mine !== null || (asks && answer?.hasVoted === true);
  const checking = asks && !hasVoted && answer === undefined && voteCheck.error === undefined;
  const nextVoteAt = mine?.nextVoteAt ?? (asks && answer?.hasVoted ? answer.next_vote_at : null);
  const refusal = asks && !hasVoted ? (answer?.refusal ?? null) : null;

  /** Voted already (a 403 said so): the check, asked again, knows when the slot frees. */
  const alreadyVoted = async (toast: Pick<ToastOutcome, 'info'>) => {
    setVotedFor({ key, nextVoteAt: null });
    let again: { data?: { next_vote_at: string | null } } | null = null;
    try {
      if (asks) again = await voteCheck.refetch();
    } catch {
      // Without the time, the message says tomorrow.
    }
    const at = again?.data?.next_vote_at ?? null;
    if (at) setVotedFor({ key, nextVoteAt: at });
    toast.info(at ? alreadyVotedText(at) : ct(V.alreadyVotedToday));
  };

  const vote = async () => {
    if (!username || busy.current || checking || refusal) return;
    if (hasVoted) {
      notify.info(nextVoteAt ? alreadyVotedText(nextVoteAt) : ct(V.alreadyVotedToday));
      return;
    }
    busy.current = true;
    const undo = optimistic();
    // Set when the server asked for a solved challenge: the outcome then replaces its "checking" toast.
    let progress: ToastOutcome | null = null;
    try {
      let answer;
      try {
        answer = await cast({ username }).unwrap();
      } catch (error) {
        // 428: this vote needs a solved challenge; solve one and send the vote again, once.
        if (errorStatus(error) !== 428) throw error;
        progress = notify.progress(ct(C.checking));
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
          progress.error(ct(C.failed));
          return;
        }
        answer = await cast({ username, altcha }).unwrap();
      }
      setVotedFor({ key, nextVoteAt: answer?.next_vote_at ?? null });
      (progress ?? notify).success(ct(V.counted));
      onCounted?.();
    } catch (error) {
      undo();
      const toast = progress ?? notify;
      const detail = errorDetail(error);
      // The server says it in the request's language: its phrase in English or in the app's language.
      const phrases = [V.alreadyCastedPhrase, contractText(V.alreadyCastedPhrase).toLowerCase()];
      if (errorStatus(error) === 403 && phrases.some((phrase) => detail?.toLowerCase().includes(phrase))) {
        await alreadyVoted(toast);
      } else if (errorStatus(error) === 403) toast.error(ct(detail ?? V.notAuthorized));
      else toast.error(ct(detail ?? V.failed));
    } finally {
      busy.current = false;
    }
  };

  return { vote, hasVoted, checking, sending, nextVoteAt, refusal };
}
