// 'Cast Your Free Vote'; once voted it is disabled, reads 'Already Voted Today' and says when the next
// free vote is allowed. While the viewer's earlier vote is being checked it waits, disabled and busy,
// and reads 'Checking Your Vote...', so a voter never sees the vote offered before 'Already Voted Today'
// (hooks/use-free-vote.ts). When the server would refuse any vote now (the contestant is not in the
// current contest, or is out), it says why instead of offering one. After a vote made here, focus moves
// to what happened (the line under the button), not to the page's body. Where free votes are an
// account's (the site's vote_identity is `account`), a signed-out visitor is asked to sign in instead.
import { useLingui } from '@lingui/react/macro';
import { Check, Heart } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { VOTE_MESSAGES as V } from '#contract/votes/messages';
import { Button } from '@/components/ui/button';
import { formatNextVote } from '@/lib/dates';
import { useContractText } from '@/lib/i18n/contract-text';
import { useHydrated } from '@/hooks/use-hydrated';
import { shownResult } from '@/lib/api/shown-result';
import { useGetSiteQuery } from '@/lib/api/site';
import { selectUser } from '@/lib/auth/auth-slice';
import { useAppSelector } from '@/lib/store/hooks';
import { SignInToVote, SignInToVoteOnSite } from './sign-in-to-vote';

interface FreeVoteButtonProps {
  hasVoted: boolean;
  /** The viewer's earlier vote is not known yet. */
  checking?: boolean;
  sending: boolean;
  onVote: () => void;
  /** When the next free vote is allowed (ISO), once voted. */
  nextVoteAt?: string | null;
  /** Why no free vote is taken for this contestant now, if so. */
  refusal?: string | null;
  className?: string;
  /** Inside another site's frame: where the site's own page for this vote is, to sign in and vote there. */
  signInOnSite?: string;
}

export function FreeVoteButton({
  hasVoted,
  checking = false,
  sending,
  onVote,
  nextVoteAt = null,
  refusal = null,
  className = '',
  signInOnSite,
}: FreeVoteButtonProps) {
  const { t } = useLingui();
  const ct = useContractText();
  const waiting = sending || checking;
  const hydrated = useHydrated();
  const viewer = useAppSelector(selectUser);
  const { currentData: site } = useGetSiteQuery(undefined, { selectFromResult: shownResult });
  const closed = !hasVoted && refusal !== null;
  const noteId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const noteRef = useRef<HTMLParagraphElement>(null);
  // Set when this button sent a vote: once it is answered, focus goes to the outcome (or back to the button).
  const pressed = useRef(false);
  useEffect(() => {
    if (!pressed.current || sending) return;
    pressed.current = false;
    if (hasVoted) noteRef.current?.focus();
    else buttonRef.current?.focus();
  }, [sending, hasVoted]);

  // The next free vote's moment as lib/dates words it, inside the sentence of the app's language.
  const nextVote = nextVoteAt ? formatNextVote(nextVoteAt) : null;
  const note = hasVoted
    ? nextVote
      ? t`Your next free vote: ${nextVote}.`
      : t`Your next free vote: in 24 hours.`
    : closed && refusal !== null
      ? ct(refusal)
      : null;
  const label = hasVoted ? ct(V.alreadyVotedButton) : closed ? t`Free Vote Unavailable` : checking ? t`Checking Your Vote...` : ct(V.castButton);
  // Known once hydrated: the server's drawing is every visitor's, signed in or not.
  if (hydrated && !viewer && site?.vote_identity === 'account' && !hasVoted && !closed) {
    return <div className={className}>{signInOnSite ? <SignInToVoteOnSite href={signInOnSite} /> : <SignInToVote />}</div>;
  }
  return (
    <div className={className}>
      <Button
        ref={buttonRef}
        size="lg"
        onClick={() => {
          pressed.current = true;
          onVote();
        }}
        disabled={hasVoted || waiting || closed}
        aria-busy={waiting || undefined}
        aria-describedby={note ? noteId : undefined}
        className="w-full"
      >
        {hasVoted ? <Check aria-hidden="true" className="size-5" /> : <Heart aria-hidden="true" className={`size-5 ${waiting ? 'animate-pulse' : ''}`} />}
        {label}
      </Button>
      {/* Always present, so a screen reader announces what it comes to say. */}
      <p
        ref={noteRef}
        id={noteId}
        role="status"
        tabIndex={-1}
        className={note ? 'mt-2 text-center text-sm text-bone-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-blood-400' : 'sr-only'}
      >
        {note}
      </p>
    </div>
  );
}
