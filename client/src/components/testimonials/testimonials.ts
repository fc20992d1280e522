// Sample testimonials: shown on the landing and competitions pages. Names are invented;
// each avatar is drawn by GeneratedAvatar from the name. What they did and said is translated (lib/i18n).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export interface Testimonial {
  name: string;
  /** What they did: "Scream Queens finalist", "Voter from Ohio". */
  role: MessageDescriptor;
  quote: MessageDescriptor;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: 'Mara Quinn',
    role: msg`Scream Queens winner`,
    quote: msg`I filmed my audition in my basement with one lamp. Three rounds later I was on a real set, covered in fake blood and grinning.`,
  },
  {
    name: 'Darius Cole',
    role: msg`Heroic Males finalist`,
    quote: msg`Watching the live leaderboard on the last night was scarier than any film. My family shared my link everywhere and we made the final act.`,
  },
  {
    name: 'Lily Moreau',
    role: msg`Teen Queens contestant, with her mom`,
    quote: msg`Entry was free, the rules were clear, and my mom could follow every step. I learned more about acting in a month than in a year.`,
  },
  {
    name: 'Jonah Reyes',
    role: msg`Fan and voter`,
    quote: msg`I vote every day for my favourite screamer, and the paid votes go to a toy drive. Best horror habit I have.`,
  },
];
