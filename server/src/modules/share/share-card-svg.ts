import { escapeMarkup, formatVotes, type ShareFacts } from '#contract/profiles/share.js';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** The photo fills the card's left part; the text stands on the right. */
export const PHOTO_WIDTH = 470;

// The site's palette (client/src/styles/index.css).
const NIGHT_950 = '#050505';
const NIGHT_800 = '#141212';
const NIGHT_600 = '#2c2626';
const BONE_50 = '#f7f3ee';
const BONE_200 = '#ddd5cc';
const BONE_400 = '#a8a09a';
const BLOOD_400 = '#ff5c5c';
const BLOOD_500 = '#e11d2a';
const BLOOD_600 = '#b5121d';
const BLOOD_900 = '#3d0508';
const DISPLAY = "Cinzel, 'DejaVu Serif', 'Liberation Serif', Georgia, serif";
const SANS = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

const TEXT_X = PHOTO_WIDTH + 70;
const TEXT_WIDTH = CARD_WIDTH - TEXT_X - 60;

/** Cuts to `max` characters (whole code points) with an ellipsis. */
function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/** How many characters of a font fit the text column at a size (a wide average glyph, so text rarely overflows). */
const fits = (size: number, em: number) => Math.floor(TEXT_WIDTH / (size * em));

/** The name on one line when it fits, else on two (broken at a space where possible), smaller. */
export function nameLines(name: string): { size: number; lines: string[] } {
  const length = Array.from(name).length;
  for (const size of [72, 60]) if (length <= fits(size, 0.68)) return { size, lines: [name] };
  const size = 54;
  const perLine = fits(size, 0.68);
  const words = name.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (Array.from(next).length <= perLine || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  const shown = lines.slice(0, 2);
  if (lines.length > 2) shown[1] = `${shown[1]} ${lines.slice(2).join(' ')}`;
  return { size, lines: shown.map((l) => clip(l, perLine)) };
}

/** The first letter of the first two words (letters and digits only). */
const initials = (facts: ShareFacts) =>
  (facts.fullName || facts.username)
    .split(/\s+/)
    .map((word) => Array.from(word).find((c) => /[\p{L}\p{N}]/u.test(c)) ?? '')
    .filter(Boolean)
    .slice(0, 2)
    .join('')
    .toUpperCase();

/**
 * The card's overlay, drawn over the photo (or over nothing: then a dark red panel with the
 * initials stands in). Every text is escaped; long texts are cut to fit.
 */
export function shareCardSvg(facts: ShareFacts, opts: { productName: string; hasPhoto: boolean }): string {
  const e = escapeMarkup;
  const name = nameLines(facts.fullName || facts.username);
  let y = 150;
  const parts: string[] = [];
  parts.push(
    `<text x="${TEXT_X}" y="${y}" font-family="${SANS}" font-size="24" font-weight="700" letter-spacing="6" fill="${BLOOD_400}">${e(clip(facts.category.toUpperCase(), 30))}</text>`,
  );
  y += name.size + 14;
  for (const line of name.lines) {
    parts.push(`<text x="${TEXT_X}" y="${y}" font-family="${DISPLAY}" font-size="${name.size}" font-weight="700" fill="${BONE_50}">${e(line)}</text>`);
    y += Math.round(name.size * 1.12);
  }
  parts.push(`<text x="${TEXT_X}" y="${y - 4}" font-family="${SANS}" font-size="26" fill="${BONE_400}">@${e(facts.username)}</text>`);
  parts.push(`<rect x="${TEXT_X}" y="${y + 28}" width="96" height="4" fill="${BLOOD_500}"/>`);

  const contestY = 470;
  if (facts.contestName) {
    parts.push(`<text x="${TEXT_X}" y="${contestY - 36}" font-family="${SANS}" font-size="18" letter-spacing="4" fill="${BONE_400}">NOW COMPETING IN</text>`);
    parts.push(
      `<text x="${TEXT_X}" y="${contestY}" font-family="${SANS}" font-size="30" font-weight="700" fill="${BONE_200}">${e(clip(facts.contestName, fits(30, 0.62)))}</text>`,
    );
  }
  const statsY = 552;
  let statsX = TEXT_X;
  if (facts.rank) {
    const label = `#${facts.rank} in Group`;
    const width = Math.round(label.length * 17 + 44);
    parts.push(`<rect x="${statsX}" y="${statsY - 38}" width="${width}" height="54" rx="27" fill="${BLOOD_900}" stroke="${BLOOD_500}" stroke-width="2"/>`);
    parts.push(`<text x="${statsX + 22}" y="${statsY - 2}" font-family="${SANS}" font-size="28" font-weight="700" fill="${BONE_50}">${e(label)}</text>`);
    statsX += width + 28;
  }
  parts.push(
    `<text x="${statsX}" y="${statsY}" font-family="${SANS}" font-size="40" font-weight="700" fill="${BLOOD_400}">${e(formatVotes(facts.votes))}</text>`,
  );

  const photoSide = opts.hasPhoto
    ? // The photo fades into the night on its right edge.
      `<rect x="0" y="0" width="${PHOTO_WIDTH}" height="${CARD_HEIGHT}" fill="url(#fade)"/>`
    : `<rect x="0" y="0" width="${PHOTO_WIDTH}" height="${CARD_HEIGHT}" fill="url(#glow)"/>
  <circle cx="${PHOTO_WIDTH / 2}" cy="${CARD_HEIGHT / 2}" r="150" fill="${NIGHT_800}" stroke="${BLOOD_600}" stroke-width="6"/>
  <text x="${PHOTO_WIDTH / 2}" y="${CARD_HEIGHT / 2 + 42}" text-anchor="middle" font-family="${DISPLAY}" font-size="120" font-weight="700" fill="${BLOOD_500}">${e(initials(facts))}</text>`;

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">
  <defs>
    <linearGradient id="fade" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0.55" stop-color="${NIGHT_950}" stop-opacity="0"/>
      <stop offset="1" stop-color="${NIGHT_950}" stop-opacity="1"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.75">
      <stop offset="0" stop-color="${BLOOD_900}"/>
      <stop offset="1" stop-color="${NIGHT_950}"/>
    </radialGradient>
    <radialGradient id="haze" cx="1" cy="0" r="0.9">
      <stop offset="0" stop-color="${BLOOD_900}" stop-opacity="0.55"/>
      <stop offset="1" stop-color="${NIGHT_950}" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect x="${PHOTO_WIDTH}" y="0" width="${CARD_WIDTH - PHOTO_WIDTH}" height="${CARD_HEIGHT}" fill="url(#haze)"/>
  ${photoSide}
  <rect x="${PHOTO_WIDTH}" y="0" width="6" height="${CARD_HEIGHT}" fill="${BLOOD_600}"/>
  <text x="${TEXT_X}" y="82" font-family="${DISPLAY}" font-size="26" font-weight="700" letter-spacing="5" fill="${BONE_200}">${e(clip(opts.productName.toUpperCase(), 40))}</text>
  <rect x="${TEXT_X}" y="96" width="${TEXT_WIDTH}" height="1" fill="${NIGHT_600}"/>
  ${parts.join('\n  ')}
  <rect x="0" y="${CARD_HEIGHT - 10}" width="${CARD_WIDTH}" height="10" fill="${BLOOD_600}"/>
</svg>`;
}
