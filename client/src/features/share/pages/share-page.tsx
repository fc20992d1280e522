// /share-support: for the signed-in contestant, six
// buttons (Facebook, Twitter, Instagram, TikTok, LinkedIn, Copy Link), the link field, instructions,
// tips with the peak hours, and links to the own profile and the dashboard. The sharing itself is the
// profile's Share Profile box's too (lib/share, components/share).
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CircleAlert, Clock, Code, ListOrdered, Share2, UserPlus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { DASHBOARD_MESSAGES as D } from '#contract/profiles/messages';
import { EmbedSnippet } from '@/components/embeds/embed-snippet';
import { ShareButtons } from '@/components/share/share-buttons';
import { ShareCardPreview } from '@/components/share/share-card-preview';
import { ShareLinkField } from '@/components/share/share-link-field';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-styles';
import { ErrorPanel } from '@/components/ui/error-panel';
import { BackLink, PageHeader, PageSection } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { errorDetail } from '@/lib/api/api-error';
import { useContractText } from '@/lib/i18n/contract-text';
import { useGetCurrentUserQuery } from '@/lib/api/current-user';
import { selectUser } from '@/lib/auth/auth-slice';
import { paths } from '@/lib/paths';
import { profileLink, SHARE_PLATFORMS } from '@/lib/share/share-platforms';
import { useShareLink } from '@/lib/share/use-share-link';
import { useAppSelector } from '@/lib/store/hooks';

const STEPS = [
  msg`Copy your profile link with Copy Link, or pick a platform below.`,
  msg`Facebook, Twitter and LinkedIn open a new post with your link already in it.`,
  msg`Instagram and TikTok have no link sharing: your link is copied, then the app opens. Paste it into your bio, a story or a post caption.`,
  msg`Ask your friends and fans to vote: everyone gets one free vote every 24 hours.`,
];

const TIPS = [
  msg`Post at peak hours: 8-10AM and 6-9PM.`,
  msg`Share again every day: each voter can vote once every 24 hours.`,
  msg`A short performance clip with your link draws more votes than the link alone.`,
  msg`Put the link in your bio so it is always one tap away.`,
  msg`Thank your voters and tell them your current rank to keep them coming back.`,
];

function ShareContent({ username }: { username: string }) {
  const { t, i18n } = useLingui();
  const share = useShareLink(profileLink(username));
  const profilePath = paths.profile(username);
  return (
    <div className="grid items-start gap-8 lg:grid-cols-5">
      <section aria-labelledby="share-buttons-heading" className="rounded-2xl border border-night-700 bg-night-900/90 p-4 shadow-xl sm:p-6 lg:col-span-3">
        <h2 id="share-buttons-heading" className="flex items-center gap-2 text-xl font-bold text-bone-50">
          <Share2 aria-hidden="true" className="size-5 text-blood-400" /> <Trans>Share on social media</Trans>
        </h2>
        <ShareButtons share={share} platforms={SHARE_PLATFORMS} withCopyLink className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3" />
        <div className="mt-6">
          <ShareLinkField share={share} label={t`Your profile link`} />
        </div>
        {/* The share card preview: the og:image a post of this link shows. */}
        {/* Three fifths of the page from 1024 px up (about 620 px), else its width less its margins. */}
        <ShareCardPreview username={username} sizes="(min-width: 1024px) 620px, calc(100vw - 72px)" />
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link to={profilePath} className={buttonClass('primary')}>
            <Trans>View Your Profile</Trans>
          </Link>
          <Link to={paths.dashboard()} className={buttonClass('outline')}>
            <Trans>Go to Dashboard</Trans>
          </Link>
        </div>
      </section>
      <div className="space-y-8 lg:col-span-2">
        <section aria-labelledby="share-how-heading" className="rounded-2xl border border-night-700 bg-night-900/90 p-6 shadow-xl">
          <h2 id="share-how-heading" className="flex items-center gap-2 text-lg font-bold text-bone-50">
            <ListOrdered aria-hidden="true" className="size-5 text-blood-400" /> <Trans>How to share</Trans>
          </h2>
          <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-bone-200">
            {STEPS.map((step, i) => (
              <li key={i}>{i18n._(step)}</li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="share-tips-heading" className="rounded-2xl border border-night-700 bg-night-900/90 p-6 shadow-xl">
          <h2 id="share-tips-heading" className="flex items-center gap-2 text-lg font-bold text-bone-50">
            <Clock aria-hidden="true" className="size-5 text-blood-400" /> <Trans>Sharing tips</Trans>
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-bone-200">
            {TIPS.map((tip, i) => (
              <li key={i}>{i18n._(tip)}</li>
            ))}
          </ul>
        </section>
      </div>
      <section aria-labelledby="share-embed-heading" className="rounded-2xl border border-night-700 bg-night-900/90 p-4 shadow-xl sm:p-6 lg:col-span-5">
        <h2 id="share-embed-heading" className="flex items-center gap-2 text-xl font-bold text-bone-50">
          <Code aria-hidden="true" className="size-5 text-blood-400" /> <Trans>Put your vote card on a website</Trans>
        </h2>
        <p className="mt-1 text-sm text-bone-200">
          <Trans>
            Paste this frame into a site of the contest's organizers: visitors vote for you there, and your votes count up live. The organizers list the sites
            that may show it.
          </Trans>
        </p>
        <div className="mt-4">
          <EmbedSnippet path={paths.embed.voteCard(username)} title={t`Vote for ${username}`} width={360} height={460} compactHeight={300} />
        </div>
      </section>
    </div>
  );
}

function NoProfile() {
  return (
    <div className="mx-auto max-w-xl rounded-2xl border border-blood-600/60 bg-night-900/90 p-8 text-center shadow-2xl">
      <UserPlus aria-hidden="true" className="mx-auto size-10 text-blood-400" />
      <h2 className="mt-4 text-2xl font-bold text-bone-50">
        <Trans>No contestant profile yet</Trans>
      </h2>
      <p className="mt-2 text-bone-200">
        <Trans>Sharing is for contestants: create your contestant profile first, then come back to share its link.</Trans>
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={paths.profileBasics()} className={buttonClass('primary')}>
          <Trans>Create Your Profile</Trans>
        </Link>
        <Link to={paths.dashboard()} className={buttonClass('ghost')}>
          <Trans>Go to Dashboard</Trans>
        </Link>
      </div>
    </div>
  );
}

export function SharePage() {
  const { t } = useLingui();
  const ct = useContractText();
  const username = useAppSelector(selectUser)?.username ?? '';
  const { currentData: me, error, refetch } = useGetCurrentUserQuery(username, { skip: !username });

  let body;
  if (!me && !error) body = <Spinner label={t`Loading...`} className="m-auto py-24" />;
  else if (!me) {
    body = (
      <ErrorPanel message={ct(errorDetail(error) ?? D.profileLoadFailed)}>
        <Button onClick={() => void refetch()}>
          <CircleAlert aria-hidden="true" className="size-4" /> <Trans>Try Again</Trans>
        </Button>
      </ErrorPanel>
    );
  } else if (!me.contestant_profile) body = <NoProfile />;
  else body = <ShareContent username={me.username} />;

  return (
    <PageSection>
      <PageHeader
        back={
          <BackLink to={paths.dashboard()}>
            <Trans>Back to Dashboard</Trans>
          </BackLink>
        }
        title={t`Share Your Profile`}
        subtitle={t`Every share brings new voters. Spread your profile link wherever your fans are.`}
      />
      {body}
    </PageSection>
  );
}
