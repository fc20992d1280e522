// 'Cast Your Free Vote'; once voted it is disabled and reads 'Already Voted Today'. While
// the viewer's earlier vote is being checked it waits, disabled and busy (hooks/use-free-vote.ts).
import { Check, Heart } from 'lucide-react';
import { VOTE_MESSAGES as V } from '#contract/votes';
import { Button } from '@/components/ui/button';

interface FreeVoteButtonProps {
  hasVoted: boolean;
  /** The viewer's earlier vote is not known yet. */
  checking?: boolean;
  sending: boolean;
  onVote: () => void;
  className?: string;
}

export function FreeVoteButton({ hasVoted, checking = false, sending, onVote, className = '' }: FreeVoteButtonProps) {
  const waiting = sending || checking;
  return (
    <Button size="lg" onClick={onVote} disabled={hasVoted || waiting} aria-busy={waiting || undefined} className={`w-full ${className}`}>
      {hasVoted ? <Check aria-hidden="true" className="size-5" /> : <Heart aria-hidden="true" className={`size-5 ${waiting ? 'animate-pulse' : ''}`} />}
      {hasVoted ? V.alreadyVotedButton : V.castButton}
    </Button>
  );
}
