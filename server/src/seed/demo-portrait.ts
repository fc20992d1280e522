// Generated stand-ins for contestant photos: a lit silhouette on a moody gradient with the initials.
// Drawn as SVG and rendered by sharp (librsvg), so the seed needs no image files in the repository.
import sharp from 'sharp';

export const PORTRAIT = { width: 600, height: 800, quality: 80 } as const;

export interface PortraitSpec {
  initials: string;
  /** Base hue in degrees; each contestant gets their own. */
  hue: number;
  /** Which of the looks (pose, light, hair) to draw; any integer. */
  variant: number;
}

/** hsl → #rrggbb here rather than hsl() in the SVG: older librsvg builds do not parse hsl(). */
function hsl(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function portraitSvg({ initials, hue, variant }: PortraitSpec): string {
  const { width: w, height: h } = PORTRAIT;
  const v = ((variant % 3) + 3) % 3;
  const tilt = [-4, 3, 0][v];
  const cx = [300, 270, 330][v];
  const glowX = [50, 35, 68][v];
  const longHair = variant % 2 === 0;
  const hair = longHair
    ? `<path d="M${cx - 120} 520 C${cx - 150} 380 ${cx - 120} 190 ${cx} 185 C${cx + 120} 190 ${cx + 150} 380 ${cx + 120} 520 Z" fill="#0b0b0b"/>`
    : '';
  const drips =
    v === 1
      ? [60, 150, 430, 520]
          .map((x, i) => `<path d="M${x} 0 v${40 + i * 22} a9 9 0 0 0 18 0 v-${40 + i * 22} Z" fill="${hsl(356, 85, 28)}" opacity="0.85"/>`)
          .join('')
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="${v === 2 ? 1 : 0.3}" y2="1">
      <stop offset="0" stop-color="${hsl(hue, 55, 22)}"/>
      <stop offset="1" stop-color="${hsl(hue + 35, 60, 5)}"/>
    </linearGradient>
    <radialGradient id="glow" cx="${glowX}%" cy="38%" r="55%">
      <stop offset="0" stop-color="${hsl(hue + 10, 90, 62)}" stop-opacity="0.75"/>
      <stop offset="1" stop-color="${hsl(hue, 80, 20)}" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="fog" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0"/>
      <stop offset="1" stop-color="#d8d8e8" stop-opacity="0.22"/>
    </linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  <rect width="${w}" height="${h}" fill="url(#glow)"/>
  ${drips}
  <g transform="rotate(${tilt} ${cx} 360)">
    ${hair}
    <rect x="${cx - 42}" y="420" width="84" height="110" rx="30" fill="#0b0b0b"/>
    <ellipse cx="${cx}" cy="330" rx="100" ry="124" fill="#0b0b0b"/>
    <path d="M${cx - 250} ${h} C${cx - 230} 640 ${cx - 130} 530 ${cx} 528 C${cx + 130} 530 ${cx + 230} 640 ${cx + 250} ${h} Z" fill="#0b0b0b"/>
  </g>
  <rect y="${h - 260}" width="${w}" height="260" fill="url(#fog)"/>
  <text x="${w / 2}" y="${h - 62}" text-anchor="middle" font-family="DejaVu Serif, Liberation Serif, Georgia, serif"
    font-weight="bold" font-size="92" letter-spacing="14" fill="${hsl(hue + 10, 85, 78)}" opacity="0.9">${escapeXml(initials)}</text>
</svg>`;
}

/** A 600×800 JPEG of well under 100 KB (flat gradients compress well). */
export async function renderPortrait(spec: PortraitSpec): Promise<Buffer> {
  return sharp(Buffer.from(portraitSvg(spec)))
    .jpeg({ quality: PORTRAIT.quality })
    .toBuffer();
}
