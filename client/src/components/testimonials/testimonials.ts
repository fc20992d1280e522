// Sample testimonials: shown on the landing and competitions pages. Names are invented;
// each avatar is drawn by GeneratedAvatar from the name.
export interface Testimonial {
  name: string;
  /** What they did: "Scream Queens finalist", "Voter from Ohio". */
  role: string;
  quote: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: 'Mara Quinn',
    role: 'Scream Queens winner',
    quote: 'I filmed my audition in my basement with one lamp. Three rounds later I was on a real set, covered in fake blood and grinning.',
  },
  {
    name: 'Darius Cole',
    role: 'Heroic Males finalist',
    quote: 'Watching the live leaderboard on the last night was scarier than any film. My family shared my link everywhere and we made the final act.',
  },
  {
    name: 'Lily Moreau',
    role: 'Teen Queens contestant, with her mom',
    quote: 'Entry was free, the rules were clear, and my mom could follow every step. I learned more about acting in a month than in a year.',
  },
  {
    name: 'Jonah Reyes',
    role: 'Fan and voter',
    quote: 'I vote every day for my favourite screamer, and the paid votes go to a toy drive. Best horror habit I have.',
  },
];
