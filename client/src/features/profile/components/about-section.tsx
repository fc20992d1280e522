// About: the answers to the active profile questions, under their public titles; placeholders when empty;
// the owner is told to edit their profile and gets 'Edit Profile Information' (/profile/basics).
import { Trans, useLingui } from '@lingui/react/macro';
import { PencilLine } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { ContestantProfile } from '#contract/profiles/answers';
import { buttonClass } from '@/components/ui/button-styles';
import { paths } from '@/lib/paths';

export function AboutSection({ profile, isOwner }: { profile: ContestantProfile; isOwner: boolean }) {
  const { t } = useLingui();
  const name = profile.user.first_name || profile.user.username;
  return (
    <section aria-labelledby="about-heading" className="rounded-2xl border border-night-700 bg-night-900/90 p-6 shadow-xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="about-heading" className="text-xl font-bold text-bone-50">
          <Trans>About {name}</Trans>
        </h2>
        {isOwner ? (
          <Link to={paths.profileBasics()} className={buttonClass('outline', 'sm')}>
            <PencilLine aria-hidden="true" className="size-4" /> <Trans>Edit Profile Information</Trans>
          </Link>
        ) : null}
      </div>
      <dl className="mt-4 space-y-5">
        {profile.answers.map(({ key, public_label: title, answer: given }) => {
          const answer = given?.trim();
          return (
            <div key={key}>
              <dt className="text-sm font-semibold uppercase tracking-wider text-blood-300">{title}</dt>
              <dd className={`mt-1 whitespace-pre-line ${answer ? 'text-bone-200' : 'italic text-bone-400'}`}>
                {answer || (isOwner ? t`You haven't answered this yet. Edit your profile to tell fans about yourself.` : t`Nothing shared here yet.`)}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
