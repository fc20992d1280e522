// /embed/vote/{username}: a contestant's vote card, made to be framed on an organizer's or the
// contestant's own site. Photo, name, the current contest's votes (live over the contestant's room),
// the free vote with the vote page's rules (one every 24 hours, the challenge when asked) and "Buy
// votes", which opens the vote page in a new window: payment pages are never framed. A purchase
// credited later moves the count here through the same live tallies.
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useParams, useSearchParams } from 'react-router-dom';
import { rooms } from '#contract/live/events';
import { PROFILE_MESSAGES as P } from '#contract/profiles/messages';
import { PageTitle } from '@/components/layout/page-title';
import { buttonClass } from '@/components/ui/button-styles';
import { ErrorPanel } from '@/components/ui/error-panel';
import { LiveNumber } from '@/components/ui/live-number';
import { ResponsivePicture } from '@/components/ui/responsive-picture';
import { Spinner } from '@/components/ui/spinner';
import { FreeVoteButton } from '@/components/votes/free-vote-button';
import { errorDetail, errorStatus } from '@/lib/api/api-error';
import { shownResult } from '@/lib/api/shown-result';
import { selectUser } from '@/lib/auth/auth-slice';
import { useContractText } from '@/lib/i18n/contract-text';
import { paths } from '@/lib/paths';
import { sameName } from '@/lib/realtime/live-cache';
import { useLiveRooms } from '@/lib/realtime/use-live-rooms';
import { useAppSelector } from '@/lib/store/hooks';
import { useGetContestantProfileQuery } from '../api/get-contestant-profile';
import { useProfileVote } from '../hooks/use-profile-vote';

export function EmbedVoteCardPage() {
  const { t } = useLingui();
  const ct = useContractText();
  const { username = '' } = useParams();
  const [query] = useSearchParams();
  const compact = query.get('compact') === '1';
  const viewer = useAppSelector(selectUser);
  const isOwner = sameName(viewer?.username, username);
  const {
    currentData: profile,
    error,
    refetch,
  } = useGetContestantProfileQuery(username, {
    skip: !username,
    refetchOnMountOrArgChange: true,
    selectFromResult: shownResult,
  });
  useLiveRooms([rooms.contestant(username)]);
  const { vote, hasVoted, checking, sending, nextVoteAt, refusal } = useProfileVote({
    username,
    check: !isOwner,
    viewer: viewer?.username,
    reload: () => void refetch(),
  });

  if (!profile && !error) return <Spinner label={t`Loading...`} className="m-auto py-12" />;
  if (!profile) {
    const message = errorStatus(error) === 404 ? ct(P.notFound) : ct(errorDetail(error) ?? P.loadFailed);
    return (
      <>
        <PageTitle name={t`Vote card`} />
        <h1 className="sr-only">{t`Vote card`}</h1>
        <ErrorPanel message={message} />
      </>
    );
  }
  const name = `${profile.user.first_name} ${profile.user.last_name}`.trim() || profile.user.username;
  const first = profile.user.first_name.trim() || profile.user.username;
  const votes = profile.active_contest_entry?.current_contest_votes ?? profile.total_votes;
  const picture = profile.pictures_urls?.[0];
  return (
    <article aria-labelledby="vote-card-name" className="mx-auto max-w-sm rounded-2xl border border-night-700 bg-night-900 p-4 text-center">
      <PageTitle name={t`Vote for ${first}`} />
      {picture && !compact ? (
        <ResponsivePicture src={picture} alt={name} sizes="96px" width={96} height={96} loading="eager" className="mx-auto size-24 rounded-full object-cover" />
      ) : null}
      <h1 id="vote-card-name" className={`break-words font-display font-bold text-bone-50 ${compact ? 'text-xl' : 'mt-3 text-2xl'}`}>
        {name}
      </h1>
      <p className="text-sm text-bone-400">@{profile.user.username}</p>
      <p className="mt-2 text-bone-200">
        <LiveNumber value={votes} className="font-display text-3xl font-bold text-bone-50" /> {t`${plural(votes, { one: 'vote', other: 'votes' })}`}
      </p>
      {profile.is_eliminated ? (
        <p role="note" className="mt-3 rounded-md border border-night-600 bg-night-800 px-3 py-2 text-sm text-bone-200">
          {t`${first} is out of the running in this contest, so votes can no longer be cast for them.`}
        </p>
      ) : (
        <div className="mt-4 space-y-3">
          <FreeVoteButton
            hasVoted={hasVoted}
            checking={checking}
            sending={sending}
            nextVoteAt={nextVoteAt}
            refusal={refusal}
            onVote={() => void vote()}
            signInOnSite={paths.profile(profile.user.username)}
          />
          {/* A new window: the checkout is never shown inside another site's frame. */}
          <a href={paths.vote(profile.id)} target="_blank" rel="noopener" className={`${buttonClass('outline')} w-full`}>
            <Trans>Buy votes</Trans>
            <span className="sr-only">
              <Trans>(opens in a new window)</Trans>
            </span>
          </a>
        </div>
      )}
      <p className="mt-3 text-xs text-bone-400">
        <a href={paths.profile(profile.user.username)} target="_blank" rel="noopener" className="underline underline-offset-2 hover:text-blood-300">
          <Trans>See the full profile</Trans>
          <span className="sr-only">
            <Trans>(opens in a new window)</Trans>
          </span>
        </a>
      </p>
    </article>
  );
}
