// "What friends will see": the profile's share card (the og:image the server draws at
// /api/v1/share-cards/{username}.png, 1200×630), loaded at the rendition that fits its box (the
// server's 400 and 800 px copies). Hidden when the card cannot load (no card yet, or a server
// without the share-card endpoint).
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { endpointPath } from '#contract/api/endpoint';
import { profilesEndpoints } from '#contract/profiles/endpoints';
import { SHARE_CARD_PREVIEW_WIDTHS } from '#contract/profiles/picture-variants';
import { env } from '@/lib/env';

export const shareCardUrl = (username: string) => `${env.apiBaseUrl}${endpointPath(profilesEndpoints.shareCard, { file: `${username}.png` })}`;

const CARD_WIDTH = 1200;
const srcSetOf = (url: string) => [...SHARE_CARD_PREVIEW_WIDTHS.map((w) => `${url}?width=${w} ${w}w`), `${url} ${CARD_WIDTH}w`].join(', ');

/** `sizes`: how wide the preview is shown on the page that holds it. */
export function ShareCardPreview({ username, sizes }: { username: string; sizes: string }) {
  const { t } = useLingui();
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <figure className="mt-5">
      <figcaption className="text-sm font-semibold uppercase tracking-wider text-blood-300">
        <Trans>What friends will see</Trans>
      </figcaption>
      <img
        src={shareCardUrl(username)}
        srcSet={srcSetOf(shareCardUrl(username))}
        sizes={sizes}
        width={CARD_WIDTH}
        height={630}
        alt={t`The share card of @${username}'s profile: what a post of the link shows`}
        loading="lazy"
        onError={() => setFailed(true)}
        className="mt-2 h-auto w-full rounded-xl border border-night-700 bg-night-950"
      />
    </figure>
  );
}
