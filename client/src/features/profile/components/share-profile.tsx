// Share Profile (spec 000 §2, §8 Copy link, §9): Instagram and TikTok copy the link and open the
// platform; a copyable link field with a copied mark for 3 s; tips with the peak hours.
import { Check, Copy, Share2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { PROFILE_MESSAGES as P } from '#contract/votes';
import { SocialIcon } from '@/components/layout/social-icon';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/form/field-styles';
import { copyText } from '@/lib/clipboard';
import { notify } from '@/lib/toast';

const COPIED_MS = 3000;
const PLATFORMS = [
  { name: 'Instagram' as const, url: 'https://www.instagram.com/' },
  { name: 'TikTok' as const, url: 'https://www.tiktok.com/' },
];

export function profileLink(username: string): string {
  return `${window.location.origin}/profile/${encodeURIComponent(username)}`;
}

export function ShareProfile({ username }: { username: string }) {
  const link = profileLink(username);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const fieldId = useId();
  useEffect(() => () => clearTimeout(timer.current), []);

  const copyLink = async () => {
    if (!(await copyText(link))) {
      notify.error(P.copyFailed);
      return;
    }
    notify.success(P.copied);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };

  const shareTo = async (platform: (typeof PLATFORMS)[number]) => {
    if (!(await copyText(link))) {
      notify.error(P.copyFailed);
      return;
    }
    notify.success(P.copiedOpening(platform.name));
    window.open(platform.url, '_blank', 'noopener,noreferrer');
  };

  return (
    <section aria-labelledby="share-heading" className="rounded-2xl border border-night-700 bg-night-900/90 p-6 shadow-xl">
      <h2 id="share-heading" className="flex items-center gap-2 text-xl font-bold text-bone-50">
        <Share2 aria-hidden="true" className="size-5 text-blood-400" /> Share Profile
      </h2>
      <div className="mt-4 grid grid-cols-2 gap-3">
        {PLATFORMS.map((platform) => (
          <Button key={platform.name} variant="outline" onClick={() => void shareTo(platform)}>
            <SocialIcon platform={platform.name} /> {platform.name}
          </Button>
        ))}
      </div>
      <label htmlFor={fieldId} className="mt-5 block text-sm font-medium text-bone-200">
        Profile link
      </label>
      <div className="mt-1.5 flex gap-2">
        <input id={fieldId} readOnly value={link} onFocus={(e) => e.currentTarget.select()} className={`${inputClass(false)} min-w-0 text-sm`} />
        <Button variant={copied ? 'outline' : 'primary'} onClick={() => void copyLink()} aria-label={copied ? 'Link copied' : 'Copy link'} className="shrink-0">
          {copied ? <Check aria-hidden="true" className="size-4 text-emerald-300" /> : <Copy aria-hidden="true" className="size-4" />}
          <span className="hidden sm:inline">{copied ? 'Copied!' : 'Copy'}</span>
        </Button>
      </div>
      <h3 className="mt-5 text-sm font-semibold uppercase tracking-wider text-blood-300">Sharing tips</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-bone-200">
        <li>Post at peak hours: 8-10AM and 6-9PM.</li>
        <li>Add the link to bios and stories on Instagram and TikTok.</li>
        <li>Remind friends: everyone gets one free vote every 24 hours.</li>
        <li>A short performance clip with the link draws more votes than the link alone.</li>
      </ul>
    </section>
  );
}
