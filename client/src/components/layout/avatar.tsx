import { useState } from 'react';
import { ResponsivePicture } from '@/components/ui/responsive-picture';

/** The avatar's box: 36 px (size-9), so its smallest copy (64 px) is what loads. */
const AVATAR_PX = 36;

/** The user's first picture, or the initial of the username when there is none. */
export function Avatar({ username, pictureUrl }: { username: string; pictureUrl?: string }) {
  const [broken, setBroken] = useState(false);
  if (pictureUrl && !broken) {
    return (
      <ResponsivePicture
        src={pictureUrl}
        alt=""
        sizes={`${AVATAR_PX}px`}
        width={AVATAR_PX}
        height={AVATAR_PX}
        loading="eager"
        onUnavailable={() => setBroken(true)}
        className="size-9 rounded-full object-cover ring-2 ring-blood-600"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="flex size-9 items-center justify-center rounded-full bg-blood-700 font-bold uppercase text-bone-50 ring-2 ring-blood-500"
    >
      {username.charAt(0) || '?'}
    </span>
  );
}
