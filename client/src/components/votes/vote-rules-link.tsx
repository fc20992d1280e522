// 'How votes are counted': where votes and money are asked for, a link to the rules behind the count
// (the free-vote limit per connection, what is kept of a voter, where donations go).
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';

export const VOTE_RULES_PATH = paths.termsOfService({ hash: 'how-votes-are-counted' });

export function VoteRulesLink() {
  return (
    <Link to={VOTE_RULES_PATH} className="rounded font-medium text-bone-200 underline underline-offset-2 hover:text-blood-300">
      <Trans>How votes are counted</Trans>
    </Link>
  );
}
