// Poster art for the sample competition cards, drawn here as SVG (no image files, no other host): a
// moon or a glow over a skyline of the theme, in the card's hue. Returned as a data: address.
export type PosterMotif = 'moon' | 'forest' | 'manor' | 'carnival' | 'asylum';

const SKYLINES: Record<PosterMotif, string> = {
  moon: 'M0 300 L0 230 L40 210 L70 240 L120 200 L170 235 L220 190 L260 230 L320 205 L380 240 L400 225 L400 300 Z',
  forest:
    'M0 300 L0 240 L20 170 L40 240 L60 150 L85 240 L110 185 L135 240 L160 140 L190 240 L215 175 L240 240 L270 155 L300 240 L330 180 L355 240 L380 160 L400 230 L400 300 Z',
  manor: 'M0 300 L0 250 L90 250 L90 190 L120 150 L150 190 L150 170 L250 170 L250 130 L275 95 L300 130 L300 190 L330 190 L330 250 L400 250 L400 300 Z',
  carnival: 'M0 300 L0 260 L60 260 L110 170 L160 260 L200 260 A70 70 0 1 1 340 260 L400 260 L400 300 Z',
  asylum: 'M0 300 L0 200 L60 200 L60 160 L140 160 L140 120 L260 120 L260 160 L340 160 L340 200 L400 200 L400 300 Z',
};

export function posterArt(motif: PosterMotif, hue: number): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" preserveAspectRatio="xMidYMid slice">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue} 60% 18%)"/><stop offset="1" stop-color="hsl(${(hue + 30) % 360} 70% 4%)"/></linearGradient>
<radialGradient id="g" cx="70%" cy="30%" r="45%"><stop offset="0" stop-color="hsl(${(hue + 15) % 360} 90% 60%)" stop-opacity="0.7"/><stop offset="1" stop-color="hsl(${hue} 80% 20%)" stop-opacity="0"/></radialGradient></defs>
<rect width="400" height="300" fill="url(#s)"/><rect width="400" height="300" fill="url(#g)"/>
<circle cx="280" cy="90" r="38" fill="hsl(${(hue + 20) % 360} 70% 85%)" opacity="0.85"/>
<path d="${SKYLINES[motif]}" fill="#080606"/>
<rect y="240" width="400" height="60" fill="#d8d8e8" opacity="0.08"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
