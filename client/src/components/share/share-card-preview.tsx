// "What friends will see": the profile's share card (the og:image the server draws at
// /api/v1/share-cards/{username}.png, 1200×630), scaled to fit. Hidden when the card cannot load
// (no card yet, or a server without the share-card endpoint).
import { useState } from 'react';

export const shareCardUrl = (username: string) => `/api/v1/share-cards/${encodeURIComponent(username)}.png`;

export function ShareCardPreview({ username }: { username: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <figure className="mt-5">
      <figcaption className="text-sm font-semibold uppercase tracking-wider text-blood-300">What friends will see</figcaption>
      <img
        src={shareCardUrl(username)}
        width={1200}
        height={630}
        alt={`The share card of @${username}'s profile: what a post of the link shows`}
        loading="lazy"
        onError={() => setFailed(true)}
        className="mt-2 h-auto w-full rounded-xl border border-night-700 bg-night-950"
      />
    </figure>
  );
}
