// The sample competitions the /competitions page shows as cards: hard-coded here and nowhere else. A
// real current contest replaces the sample's current challenge on the page; the cards themselves stay
// sample content.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { intlLocale } from '@/lib/dates';
import { formatPrice } from '@/lib/money';
import { posterArt } from './poster-art';

export type CompetitionStatus = 'Active' | 'Upcoming' | 'Past';

/** The labels the cards carry (exact texts), translated where they are shown. */
export const STATUS_LABELS: Record<CompetitionStatus, MessageDescriptor> = {
  Active: msg`Live Now`,
  Upcoming: msg`Coming Soon`,
  Past: msg`Completed`,
};

export interface CompetitionCard {
  id: string;
  monthYear: string;
  /** The texts below are translated where they are shown. */
  theme: MessageDescriptor;
  description: MessageDescriptor;
  /** Entry deadline as shown ("August 31, 2026"). */
  deadline: string;
  status: CompetitionStatus;
  /** A local image address (here generated poster art, a data: address). */
  image: string;
  prize: MessageDescriptor;
  participants: number;
  groups: number;
  /** Past contests only. */
  winner: string | null;
}

/**
 * A sample card as written: its month is counted from the current one (0 is this month's live
 * challenge, negative ones are past), so the samples never read as stale; the entry deadline is the
 * month's last day unless `deadlineDay` says otherwise.
 */
type SampleCompetition = Omit<CompetitionCard, 'monthYear' | 'deadline' | 'prize'> & {
  monthOffset: number;
  deadlineDay?: number;
  /** A prize with a cash amount is written when placed, so the amount reads as the page's language writes money. */
  prize: MessageDescriptor | (() => MessageDescriptor);
};

/** US dollars in cents, as the sample prizes name them. */
const usd = (dollars: number) => formatPrice(dollars * 100, 'USD');

const SAMPLES: readonly SampleCompetition[] = [
  {
    id: 'midnight-screams',
    monthOffset: 0,
    theme: msg`Midnight Screams`,
    description: msg`One scene, one scream, one chance. Deliver the final-girl moment: alone in the dark, something in the hallway, and the scream that makes the whole audience jump.`,
    status: 'Active',
    image: posterArt('moon', 356),
    prize: () => {
      const cash = usd(1000);
      return msg`A speaking role in a horror short plus a ${cash} cash prize`;
    },
    participants: 142,
    groups: 5,
    winner: null,
  },
  {
    id: 'haunted-manor',
    monthOffset: 2,
    theme: msg`The Haunted Manor`,
    description: msg`Gothic dread: candlelight, creaking stairs and a family secret in the attic. Show us the slow-burn fear that builds to a breaking point.`,
    status: 'Upcoming',
    image: posterArt('manor', 275),
    prize: msg`A featured role in our haunted-house anthology and red carpet premiere tickets`,
    participants: 0,
    groups: 5,
    winner: null,
  },
  {
    id: 'creature-feature',
    monthOffset: 4,
    theme: msg`Creature Feature`,
    description: msg`Monsters, make-up and practical effects. Whether you are the hunter or the hunted, bring the creature-killer energy that made the classics unforgettable.`,
    deadlineDay: 20,
    status: 'Upcoming',
    image: posterArt('forest', 140),
    prize: msg`A creature-suit role with a professional effects team and a demo reel clip`,
    participants: 0,
    groups: 5,
    winner: null,
  },
  {
    id: 'carnival-of-fear',
    monthOffset: -2,
    theme: msg`Carnival of Fear`,
    description: msg`Clowns, mirrors and a Ferris wheel that never stops. This contest asked for fear with a painted smile.`,
    status: 'Past',
    image: posterArt('carnival', 20),
    prize: () => {
      const cash = usd(500);
      return msg`A supporting role in "Last Ride" and a ${cash} cash prize`;
    },
    participants: 150,
    groups: 5,
    winner: 'Mara Quinn',
  },
  {
    id: 'asylum-nights',
    monthOffset: -4,
    theme: msg`Asylum Nights`,
    description: msg`Flickering lights and locked wards: a psychological-horror contest where the quietest performances were the loudest.`,
    status: 'Past',
    image: posterArt('asylum', 200),
    prize: msg`A lead role in the short film "Ward Seven"`,
    participants: 128,
    groups: 5,
    winner: 'Darius Cole',
  },
];

/** The samples placed on the calendar around `now` ("November 2026", deadline "November 30, 2026"). */
export function placeInCalendar(samples: readonly SampleCompetition[], now: Date): CompetitionCard[] {
  return samples.map(({ monthOffset, deadlineDay, prize, ...card }) => {
    const month = new Date(now.getFullYear(), now.getMonth() + monthOffset, 1);
    const lastDay = new Date(month.getFullYear(), month.getMonth() + 1, 0).getDate();
    const deadline = new Date(month.getFullYear(), month.getMonth(), Math.min(deadlineDay ?? lastDay, lastDay));
    return {
      ...card,
      prize: typeof prize === 'function' ? prize() : prize,
      monthYear: month.toLocaleDateString(intlLocale(), { month: 'long', year: 'numeric' }),
      deadline: deadline.toLocaleDateString(intlLocale(), { month: 'long', day: 'numeric', year: 'numeric' }),
    };
  });
}

/** The samples as they stood when the module loaded (months in the language of that moment). */
export const COMPETITIONS: readonly CompetitionCard[] = placeInCalendar(SAMPLES, new Date());

// Placed when asked, so the months are written in the language the page is drawn in.
export const findCompetition = (id: string | undefined): CompetitionCard | undefined => placeInCalendar(SAMPLES, new Date()).find((c) => c.id === id);
export const competitionsWith = (status: CompetitionStatus): CompetitionCard[] => placeInCalendar(SAMPLES, new Date()).filter((c) => c.status === status);
