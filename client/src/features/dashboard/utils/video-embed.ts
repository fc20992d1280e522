// Dashboard videos (GET /site dashboard_video_urls): files play in a <video>; YouTube and Vimeo
// addresses play in their privacy-friendly embed players.
export type VideoEmbed = { kind: 'file'; src: string } | { kind: 'iframe'; src: string };

export function videoEmbed(address: string): VideoEmbed | null {
  const text = address.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text, window.location.origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^www\./, '');
  const external = url.origin !== window.location.origin;
  if (host === 'youtube-nocookie.com' && /^\/embed\//.test(url.pathname))
    return { kind: 'iframe', src: `https://www.youtube-nocookie.com${url.pathname}${url.search}` };
  if (host === 'player.vimeo.com' && /^\/video\//.test(url.pathname)) return { kind: 'iframe', src: `https://player.vimeo.com${url.pathname}${url.search}` };
  const youtubeId =
    host === 'youtu.be'
      ? url.pathname.slice(1)
      : host === 'youtube.com' || host === 'm.youtube.com'
        ? (url.searchParams.get('v') ?? url.pathname.match(/^\/(?:embed|shorts)\/([^/]+)/)?.[1])
        : null;
  if (youtubeId && /^[\w-]{6,20}$/.test(youtubeId)) return { kind: 'iframe', src: `https://www.youtube-nocookie.com/embed/${youtubeId}` };
  const vimeoId = host === 'vimeo.com' ? url.pathname.match(/^\/(\d+)/)?.[1] : null;
  if (vimeoId) return { kind: 'iframe', src: `https://player.vimeo.com/video/${vimeoId}` };
  return { kind: 'file', src: external ? url.href : `${url.pathname}${url.search}` };
}
