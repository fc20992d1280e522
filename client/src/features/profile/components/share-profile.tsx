// Share Profile: Instagram and TikTok copy the link and open the
// platform; a copyable link field with a copied mark for 3 s; tips with the peak hours. The sharing
// itself is the share page's too (lib/share, components/share).
import { Trans } from '@lingui/react/macro';
import { Share2 } from 'lucide-react';
import { ShareButtons } from '@/components/share/share-buttons';
import { ShareCardPreview } from '@/components/share/share-card-preview';
import { ShareLinkField } from '@/components/share/share-link-field';
import { useProfileLink, useShareLink } from '@/lib/share/use-share-link';

const PLATFORMS = ['Instagram', 'TikTok'] as const;

export function ShareProfile({ username }: { username: string }) {
  const share = useShareLink(useProfileLink(username));
  return (
    <section aria-labelledby="share-heading" className="rounded-2xl border border-night-700 bg-night-900/90 p-6 shadow-xl">
      <h2 id="share-heading" className="flex items-center gap-2 text-xl font-bold text-bone-50">
        <Share2 aria-hidden="true" className="size-5 text-blood-400" /> <Trans>Share Profile</Trans>
      </h2>
      <ShareButtons share={share} platforms={PLATFORMS} className="mt-4 grid grid-cols-2 gap-3" />
      <div className="mt-5">
        <ShareLinkField share={share} />
      </div>
      {/* The share card preview: the og:image a post of this link shows. */}
      {/* The side column from 1024 px up (about 310 px), else the page's width less its margins. */}
      <ShareCardPreview username={username} sizes="(min-width: 1024px) 320px, calc(100vw - 80px)" />
      <h3 className="mt-5 text-sm font-semibold uppercase tracking-wider text-blood-300">
        <Trans>Sharing tips</Trans>
      </h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-bone-200">
        <li>
          <Trans>Post at peak hours: 8-10AM and 6-9PM.</Trans>
        </li>
        <li>
          <Trans>Add the link to bios and stories on Instagram and TikTok.</Trans>
        </li>
        <li>
          <Trans>Remind friends: everyone gets one free vote every 24 hours.</Trans>
        </li>
        <li>
          <Trans>A short performance clip with the link draws more votes than the link alone.</Trans>
        </li>
      </ul>
    </section>
  );
}
