// The demo's second contest, of another kind: a Brazilian home-cooking festival running beside the horror
// season (which stays the current contest), with categories of its own, vote packages of its own in reais
// and a few cooks placed in it through the same ContestJoiner as POST /contestants/join-contest. Its texts
// are in Portuguese, as its organizers would write them. Fictional people; phone numbers use the 555-01xx
// range, which North America reserves for fiction.
import { hashPassword } from '#server/modules/auth/password.js';
import { DEMO_PACKAGES } from '#server/modules/vote-packages/vote-offer.service.js';
import { DEMO_CONTESTANT_PASSWORD } from './demo-contestants.js';
import { insertDemoPerson } from './demo-person.js';
import type { DemoSeedStep, SeededContestant } from './demo-steps.js';

const DAY_MS = 86_400_000;
export const DEMO_COOKING_CONTEST = 'Festival de Cozinha Caseira — 1ª Edição';
export const DEMO_COOKING_DESCRIPTION =
  'Cozinheiras e cozinheiros de casa de todo o Brasil mostram seus pratos de família: doces, salgados e comida de rua. ' +
  'O público vota todos os dias, e os mais votados levam o troféu da primeira edição.';
export const DEMO_COOKING_CATEGORIES = ['Doces', 'Salgados', 'Comida de Rua'] as const;
/** The festival sells its votes in reais; every amount in centavos. */
export const DEMO_COOKING_CURRENCY = 'BRL';
/** A donation of the fan's own amount buys one vote per R$ 0,50. */
export const DEMO_COOKING_DONATION_VOTE_PRICE = 50;
export const DEMO_COOKING_PACKAGES = [
  { votes: 10, bonus: 2, price_minor: 500 },
  { votes: 30, bonus: 10, price_minor: 1500 },
  { votes: 100, bonus: 40, price_minor: 4500 },
] as const;
/** The festival started this many days before the seed (its votes spread over them) and runs this many days after it. */
export const DEMO_COOKING_AGE_DAYS = 7;
export const DEMO_COOKING_DAYS_LEFT = 40;

export interface DemoCook {
  firstName: string;
  lastName: string;
  username: string;
  category: (typeof DEMO_COOKING_CATEGORIES)[number];
  phone: string;
  biography: string;
  totalVotes: number;
  profileViews: number;
  /** How many generated portraits the profile gets (1 to 3). */
  pictures: 1 | 2 | 3;
}

/** Two cooks in each of the festival's categories; they sign in with the demo contestants' password. */
export const DEMO_COOKS: readonly DemoCook[] = [
  {
    firstName: 'Ana',
    lastName: 'Figueiredo',
    username: 'ana.figueiredo',
    category: 'Doces',
    phone: '3055550121',
    biography: 'Confeiteira de Belo Horizonte, Ana aprendeu com a avó a fazer doce de leite no tacho de cobre e hoje vende brigadeiros na feira do bairro.',
    totalVotes: 412,
    profileViews: 2310,
    pictures: 2,
  },
  {
    firstName: 'Rafael',
    lastName: 'Nascimento',
    username: 'rafa.nascimento',
    category: 'Salgados',
    phone: '2125550122',
    biography: 'Rafael cozinha para a família inteira aos domingos em Recife; a coxinha de frango com catupiry dele já esgotou em três quermesses.',
    totalVotes: 687,
    profileViews: 3540,
    pictures: 1,
  },
  {
    firstName: 'Luana',
    lastName: 'Pereira',
    username: 'luana_acaraje',
    category: 'Comida de Rua',
    phone: '7865550123',
    biography: 'Baiana de Salvador, Luana frita acarajé desde os quinze anos no tabuleiro da mãe, no Rio Vermelho, com vatapá e camarão seco.',
    totalVotes: 905,
    profileViews: 4820,
    pictures: 2,
  },
  {
    firstName: 'Thiago',
    lastName: 'Moraes',
    username: 'thiago.moraes',
    category: 'Doces',
    phone: '9545550124',
    biography: 'Professor de química em Curitiba, Thiago trata o pudim como experimento: testou quarenta receitas até chegar à calda perfeita.',
    totalVotes: 238,
    profileViews: 1460,
    pictures: 1,
  },
  {
    firstName: 'Camila',
    lastName: 'Rocha',
    username: 'camila.rocha',
    category: 'Comida de Rua',
    phone: '5615550125',
    biography: 'Camila comanda um food truck de pastel em São Paulo; o de carne com azeitona é o mais pedido da feira de domingo.',
    totalVotes: 534,
    profileViews: 2980,
    pictures: 2,
  },
  {
    firstName: 'Beatriz',
    lastName: 'Santana',
    username: 'bia.santana',
    category: 'Salgados',
    phone: '4075550126',
    biography: 'Bia faz pão de queijo com polvilho azedo de Minas e ensina a receita em vídeos curtos para mais de dez mil seguidores.',
    totalVotes: 321,
    profileViews: 1875,
    pictures: 1,
  },
];

/**
 * The cooks, the festival (active, running, not the current contest) with its own categories and its own
 * offer in reais, and every cook placed in it with their votes in the ledger. `ctx.pictures` holds the
 * cooks' pictures after the horror contestants' (demo-seed.ts renders both lists at once).
 */
export const seedDemoCooking: DemoSeedStep = async (ctx) => {
  const { contests, entries, joiner, votePackages } = ctx.contestTools;
  const now = Date.now();
  const passwordHash = await hashPassword(DEMO_CONTESTANT_PASSWORD);
  const firstPicture = ctx.pictures.length - DEMO_COOKS.length;
  const cooks: SeededContestant[] = [];
  for (const [i, c] of DEMO_COOKS.entries()) {
    cooks.push(await insertDemoPerson(ctx, c, passwordHash, ctx.pictures[firstPicture + i], 'pt-BR'));
  }
  ctx.cooks.push(...cooks);

  const festival = await contests.insert({
    name: DEMO_COOKING_CONTEST,
    description: DEMO_COOKING_DESCRIPTION,
    startDate: new Date(now - DEMO_COOKING_AGE_DAYS * DAY_MS),
    endDate: new Date(now + DEMO_COOKING_DAYS_LEFT * DAY_MS),
    isActive: true,
    isCurrent: false,
    groupSizeCap: null,
    voteChallenge: null,
    winners: 0,
    timeZone: 'America/Sao_Paulo',
    carryVotes: true,
    categories: [...DEMO_COOKING_CATEGORIES],
  });
  // The site's list first, as its first read writes it: its ids 1 to 4 stay the demo's, the festival's come after.
  await votePackages.insertSiteListIfMissing(DEMO_PACKAGES);
  await votePackages.setContestMoney(festival.id, DEMO_COOKING_CURRENCY, DEMO_COOKING_DONATION_VOTE_PRICE);
  if (!(await votePackages.replaceList(festival.id, DEMO_COOKING_PACKAGES))) throw new Error('demo seed: the festival packages were not stored');

  for (const { user, profile } of cooks) {
    const { entry } = await joiner.join(user.id, festival.id);
    await ctx.seeds.insertDemoVotes(
      { id: entry.id, profileId: profile.id, contestId: festival.id, groupId: entry.groupId },
      profile.total_votes,
      festival.startDate,
      new Date(now - DAY_MS / 24),
    );
    await entries.setVotes(entry.id, profile.total_votes);
  }
};
