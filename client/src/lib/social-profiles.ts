// The product's three social profiles (in the footer).
export const SOCIAL_PROFILES = [
  { platform: 'Instagram', href: 'https://www.instagram.com/screamstage' },
  { platform: 'TikTok', href: 'https://www.tiktok.com/@screamstage' },
  { platform: 'YouTube', href: 'https://www.youtube.com/@screamstage' },
] as const;

export type SocialPlatform = (typeof SOCIAL_PROFILES)[number]['platform'];
