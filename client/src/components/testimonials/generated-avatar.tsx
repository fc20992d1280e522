// A portrait avatar drawn by the site from a name (the sample testimonials need avatars; a third-party avatar
// service would make pages call another host): a lit silhouette on a gradient with the initials, the
// same name always giving the same picture. The look follows the demo portraits of server/src/seed.
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';

/** FNV-1a over the name: a small stable number to pick the hue and the look from. */
export function nameHash(name: string): number {
  let hash = 0x811c9dc5;
  for (const char of name) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Up to two initials, upper case ("Mara Quinn" → "MQ", "raven" → "R"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((w) => [...w][0]?.toUpperCase() ?? '').join('') || '?';
}

export interface AvatarLook {
  hue: number;
  variant: number;
  initials: string;
}

export function avatarLook(name: string): AvatarLook {
  const hash = nameHash(name);
  return { hue: hash % 360, variant: (hash >>> 9) % 3, initials: initialsOf(name) };
}

export function GeneratedAvatar({ name, size = 56, className = '' }: { name: string; size?: number; className?: string }) {
  const { hue, variant, initials } = avatarLook(name);
  const id = useId().replace(/:/g, '');
  const { t } = useLingui();
  const cx = [50, 45, 55][variant];
  const tilt = [-4, 3, 0][variant];
  return (
    <svg
      role="img"
      aria-label={t`Avatar of ${name}`}
      data-testid="generated-avatar"
      viewBox="0 0 100 100"
      width={size}
      height={size}
      className={`shrink-0 rounded-full ring-2 ring-blood-700/70 ${className}`}
    >
      <defs>
        <linearGradient id={`${id}-bg`} x1="0" y1="0" x2="0.4" y2="1">
          <stop offset="0" stopColor={`hsl(${hue} 55% 24%)`} />
          <stop offset="1" stopColor={`hsl(${(hue + 35) % 360} 60% 6%)`} />
        </linearGradient>
        <radialGradient id={`${id}-glow`} cx={`${cx}%`} cy="36%" r="55%">
          <stop offset="0" stopColor={`hsl(${(hue + 10) % 360} 90% 62%)`} stopOpacity="0.75" />
          <stop offset="1" stopColor={`hsl(${hue} 80% 20%)`} stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="100" height="100" fill={`url(#${id}-bg)`} />
      <rect width="100" height="100" fill={`url(#${id}-glow)`} />
      <g transform={`rotate(${tilt} ${cx} 50)`} fill="#0b0b0b">
        {variant !== 1 ? <path d={`M${cx - 24} 78 C${cx - 30} 52 ${cx - 24} 20 ${cx} 19 C${cx + 24} 20 ${cx + 30} 52 ${cx + 24} 78 Z`} /> : null}
        <ellipse cx={cx} cy="42" rx="17" ry="21" />
        <path d={`M${cx - 42} 100 C${cx - 38} 78 ${cx - 22} 64 ${cx} 64 C${cx + 22} 64 ${cx + 38} 78 ${cx + 42} 100 Z`} />
      </g>
      <text
        x="50"
        y="93"
        textAnchor="middle"
        fontFamily="Georgia, serif"
        fontWeight="bold"
        fontSize="20"
        letterSpacing="2"
        fill={`hsl(${(hue + 10) % 360} 85% 80%)`}
      >
        {initials}
      </text>
    </svg>
  );
}
