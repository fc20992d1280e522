// Quick actions: the contestant's everyday destinations.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Camera, Eye, LifeBuoy, Link2, Share2, Trophy, UserPen, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';

interface Action {
  to: string;
  label: MessageDescriptor;
  hint: MessageDescriptor;
  icon: LucideIcon;
}

const actions = (username: string): Action[] => [
  { to: paths.activeContests(), label: msg`Active Contests`, hint: msg`Find a contest and join it`, icon: Trophy },
  { to: paths.shareSupport(), label: msg`Share & Get Support`, hint: msg`Bring your fans to your profile`, icon: Share2 },
  { to: paths.profile(username), label: msg`View Public Profile`, hint: msg`See what voters see`, icon: Eye },
  { to: paths.profileBasics(), label: msg`Edit Profile Basics`, hint: msg`Category and your four answers`, icon: UserPen },
  { to: paths.profilePhotos(), label: msg`Manage Photos`, hint: msg`Add or remove pictures`, icon: Camera },
  { to: paths.socialLinks(), label: msg`Social Links`, hint: msg`Instagram and TikTok`, icon: Link2 },
  { to: paths.contactSupport(), label: msg`Contact Support`, hint: msg`Questions about the contest`, icon: LifeBuoy },
];

export function QuickActions({ username }: { username: string }) {
  const { i18n } = useLingui();
  return (
    <nav aria-labelledby="quick-actions-heading">
      <h2 id="quick-actions-heading" className="text-xl font-bold text-bone-50">
        <Trans>Quick Actions</Trans>
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {actions(username).map(({ to, label, hint, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex items-center gap-3 rounded-xl border border-night-700 bg-night-900/90 p-4 transition-colors hover:border-blood-500 hover:bg-night-800"
            >
              <Icon aria-hidden="true" className="size-5 shrink-0 text-blood-400" />
              <span className="min-w-0">
                <span className="block font-semibold text-bone-50">{i18n._(label)}</span>
                <span className="block text-sm text-bone-400">{i18n._(hint)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
