// One button per platform (the share page, a profile's Share Profile box), and Copy Link when asked.
import { useLingui } from '@lingui/react/macro';
import { Check, Link2 } from 'lucide-react';
import { SocialIcon } from '@/components/layout/social-icon';
import { Button } from '@/components/ui/button';
import type { SharePlatform } from '@/lib/share/share-platforms';
import type { ShareLink } from '@/lib/share/use-share-link';

export function ShareButtons({
  share,
  platforms,
  withCopyLink = false,
  className = 'grid grid-cols-2 gap-3',
}: {
  share: ShareLink;
  platforms: readonly SharePlatform[];
  withCopyLink?: boolean;
  className?: string;
}) {
  const { t } = useLingui();
  return (
    <div className={className}>
      {platforms.map((platform) => (
        <Button key={platform} variant="outline" className="whitespace-nowrap" onClick={() => void share.share(platform)}>
          <SocialIcon platform={platform} className="size-5 shrink-0" /> {platform}
        </Button>
      ))}
      {withCopyLink ? (
        <Button variant={share.copied ? 'outline' : 'primary'} className="whitespace-nowrap" onClick={() => void share.copyLink()}>
          {share.copied ? <Check aria-hidden="true" className="size-5 shrink-0 text-emerald-300" /> : <Link2 aria-hidden="true" className="size-5 shrink-0" />}
          {share.copied ? t`Copied!` : t`Copy Link`}
        </Button>
      ) : null}
    </div>
  );
}
