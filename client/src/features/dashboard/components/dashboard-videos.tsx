// Three embedded videos; their addresses come from GET /site (configurable; the default
// plays the local promo video).
import { Trans, useLingui } from '@lingui/react/macro';
import { useGetSiteQuery } from '@/lib/api/site';
import { videoEmbed } from '../utils/video-embed';

const COUNT = 3;

export function DashboardVideos() {
  const { data: site } = useGetSiteQuery();
  const { t } = useLingui();
  const videos = (site?.dashboard_video_urls ?? [])
    .map(videoEmbed)
    .filter((v) => v !== null)
    .slice(0, COUNT);
  if (!videos.length) return null;
  return (
    <section aria-labelledby="videos-heading">
      <h2 id="videos-heading" className="text-xl font-bold text-bone-50">
        <Trans>Watch &amp; Learn</Trans>
      </h2>
      <ul className="mt-4 grid gap-4 md:grid-cols-3">
        {videos.map((video, i) => {
          const number = i + 1;
          const title = t`Dashboard video ${number}`;
          return (
            <li key={`${video.src}-${i}`} className="overflow-hidden rounded-xl border border-night-700 bg-night-950 shadow-xl">
              {video.kind === 'iframe' ? (
                <iframe
                  src={video.src}
                  title={title}
                  loading="lazy"
                  allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
                  referrerPolicy="strict-origin-when-cross-origin"
                  className="aspect-video w-full"
                />
              ) : (
                <video
                  controls
                  preload="metadata"
                  poster={site?.promo_poster_url || undefined}
                  aria-label={title}
                  className="aspect-video w-full bg-night-950 object-cover"
                >
                  <source src={video.src} />
                </video>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
