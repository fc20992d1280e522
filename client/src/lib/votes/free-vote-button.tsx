// 'Cast Your Free Vote'; once voted it is disabled and reads 'Already Voted Today' (spec 000 §4).
import { Check, Heart } from 'lucide-react';
import { VOTE_MESSAGES as V } from '#contract/votes';
import { Button } from '@/components/ui/button';

export function FreeVoteButton({ hasVoted, sending, onVote, className = '' }: { hasVoted: boolean; sending: boolean; onVote: () => void; className?: string }) {
  return (
    <Button size="lg" onClick={onVote} disabled={hasVoted || sending} aria-busy={sending || undefined} className={`w-full ${className}`}>
      {hasVoted ? <Check aria-hidden="true" className="size-5" /> : <Heart aria-hidden="true" className={`size-5 ${sending ? 'animate-pulse' : ''}`} />}
      {hasVoted ? V.alreadyVotedButton : V.castButton}
    </Button>
  );
}
