// The demo contestants seeded into an empty database on first start (docs/decisions/004-demo-seed-and-first-admin.md).
// Fictional people; phone numbers use the 555-01xx range, which North America reserves for fiction.
import type { Category } from '../../../contract/constants.js';

export interface DemoContestant {
  firstName: string;
  lastName: string;
  username: string;
  category: Category;
  phone: string;
  biography: string;
  horrorPassion: string;
  characterQualities: string;
  dreamsAndGoals: string;
  idealHorrorRole: string;
  totalVotes: number;
  profileViews: number;
  /** How many generated portraits the profile gets (1 to 3). */
  pictures: 1 | 2 | 3;
}

/** Every demo contestant signs in with this one password, so a newcomer can try any of them. */
export const DEMO_CONTESTANT_PASSWORD = 'screamstage-demo';
export const DEMO_EMAIL_DOMAIN = 'screamstage.local';
export const DEMO_ADMIN_EMAIL = `admin@${DEMO_EMAIL_DOMAIN}`;

export const DEMO_CONTESTANTS: readonly DemoContestant[] = [
  {
    firstName: 'Vivienne', lastName: 'Crane', username: 'vivienne.crane', category: 'Scream Queens', phone: '2135550101',
    biography: 'Stage-trained in Chicago, Vivienne has played every doomed babysitter in the regional theatre canon and survived most of them.',
    horrorPassion: 'My grandmother snuck me into a midnight screening of Suspiria when I was nine. I never recovered.',
    characterQualities: 'Fearless with stunts, precise with a scream, and I can cry on cue in under ten seconds.',
    dreamsAndGoals: 'Lead a slow-burn gothic feature and take it to a festival premiere.',
    idealHorrorRole: 'The final girl who figures out the curse before anyone believes her.',
    totalVotes: 3412, profileViews: 18240, pictures: 3,
  },
  {
    firstName: 'Lucia', lastName: 'Marrow', username: 'lucia_marrow', category: 'Scream Queens', phone: '3105550102',
    biography: 'Lucia grew up between Lisbon and Los Angeles and now does voice work for haunted-house attractions every October.',
    horrorPassion: 'Horror lets an audience rehearse fear safely. I love being the one who guides them through it.',
    characterQualities: 'Calm under pressure, bilingual, and very good at a slow turn toward the camera.',
    dreamsAndGoals: 'Work with a director who shoots on film and lets scenes breathe.',
    idealHorrorRole: 'A lighthouse keeper who slowly realises the fog is listening.',
    totalVotes: 1876, profileViews: 9311, pictures: 2,
  },
  {
    firstName: 'Delphine', lastName: 'Ashcroft', username: 'delphine.ash', category: 'Scream Queens', phone: '6465550103',
    biography: 'Former ballet dancer turned actor; Delphine brings an unsettling physical stillness to every role she plays.',
    horrorPassion: 'The body tells the story before the script does, and horror is the genre that knows it.',
    characterQualities: 'Extreme physical control, patience with prosthetics, and no fear of wires or harnesses.',
    dreamsAndGoals: 'Play a possessed character without a single line of dialogue.',
    idealHorrorRole: 'A prima ballerina who cannot stop dancing after midnight.',
    totalVotes: 2290, profileViews: 12005, pictures: 2,
  },
  {
    firstName: 'Ruby', lastName: 'Hollowell', username: 'rubyhollowell', category: 'Scream Queens', phone: '7185550104',
    biography: 'Ruby has been a scream-contest champion at three fan conventions and writes a column on practical effects.',
    horrorPassion: 'I fell for practical effects first: latex, corn syrup and a lot of patience.',
    characterQualities: 'Loud when it counts, quiet when it scares, and always on time for 5 a.m. make-up calls.',
    dreamsAndGoals: 'Star in a feature that uses no digital blood at all.',
    idealHorrorRole: 'A special-effects artist whose creations start to move on set.',
    totalVotes: 964, profileViews: 4870, pictures: 1,
  },
  {
    firstName: 'Nadia', lastName: 'Greaves', username: 'nadia.greaves', category: 'Scream Queens', phone: '4155550105',
    biography: 'Nadia studied psychology before acting, and she uses it to build characters who unravel convincingly.',
    horrorPassion: 'Fear is honest. Nobody fakes what they are afraid of, and I find that beautiful.',
    characterQualities: 'Analytical, empathetic, and comfortable in long, uncut takes.',
    dreamsAndGoals: 'Anchor a psychological horror series over a full season.',
    idealHorrorRole: 'A therapist whose patients all describe the same stranger.',
    totalVotes: 457, profileViews: 2614, pictures: 2,
  },
  {
    firstName: 'Maisie', lastName: 'Thornbury', username: 'maisie.thorn', category: 'Teen Queens', phone: '5125550106',
    biography: 'Maisie is a high-school senior who runs her drama club’s annual Halloween short film, camera and all.',
    horrorPassion: 'Sleepover movie nights made me who I am, and I want to make the movies we hide behind pillows for.',
    characterQualities: 'Quick to learn lines, great with improvisation, and a natural with handheld camera work.',
    dreamsAndGoals: 'Get into film school and act in my first studio horror film before I graduate.',
    idealHorrorRole: 'The new girl who finds the yearbook page everyone tore out.',
    totalVotes: 2741, profileViews: 15420, pictures: 3,
  },
  {
    firstName: 'Harper', lastName: 'Vane', username: 'harpervane', category: 'Teen Queens', phone: '6175550107',
    biography: 'Harper has acted in community theatre since age eight and recently booked her first streaming commercial.',
    horrorPassion: 'I love that horror gives teenage characters real courage instead of just jokes.',
    characterQualities: 'Bright, energetic, and surprisingly convincing when things go very wrong.',
    dreamsAndGoals: 'Join an ensemble cast of a summer-camp slasher.',
    idealHorrorRole: 'A camp counsellor who keeps a secret logbook of every missing camper.',
    totalVotes: 1322, profileViews: 7048, pictures: 1,
  },
  {
    firstName: 'Ivy', lastName: 'Calloway', username: 'ivy_calloway', category: 'Teen Queens', phone: '3035550108',
    biography: 'Ivy writes and performs creepypasta readings for a growing online audience of late-night listeners.',
    horrorPassion: 'Stories told in the dark were my first theatre. I want to bring that feeling to the screen.',
    characterQualities: 'Expressive voice, steady nerves, and a memory for long monologues.',
    dreamsAndGoals: 'Adapt one of my own stories into a short film and star in it.',
    idealHorrorRole: 'A podcaster who receives a voicemail from herself, recorded next week.',
    totalVotes: 688, profileViews: 3925, pictures: 2,
  },
  {
    firstName: 'Zoe', lastName: 'Whitlock', username: 'zoe.whitlock', category: 'Teen Queens', phone: '2065550109',
    biography: 'Zoe competes in fencing and brings that precision to fight choreography on her school productions.',
    horrorPassion: 'I like heroines who fight back, and horror has the best of them.',
    characterQualities: 'Athletic, disciplined, and safe with stage combat.',
    dreamsAndGoals: 'Do my own stunts in a feature-length creature film.',
    idealHorrorRole: 'A fencer who duels something that is not quite a person.',
    totalVotes: 91, profileViews: 812, pictures: 1,
  },
  {
    firstName: 'Piper', lastName: 'Locke', username: 'piper.locke', category: 'Teen Queens', phone: '9175550110',
    biography: 'Piper is a youth-theatre regular who spent last summer as an extra on an indie zombie movie.',
    horrorPassion: 'Being an extra on that zombie set was the best week of my life. I want to go back with lines.',
    characterQualities: 'Funny, fearless, and happy to spend six hours in the make-up chair.',
    dreamsAndGoals: 'Land a speaking role and see my name in the end credits.',
    idealHorrorRole: 'The sarcastic best friend who turns out to be the bravest one.',
    totalVotes: 1504, profileViews: 8836, pictures: 2,
  },
  {
    firstName: 'Ezra', lastName: 'Blackwood', username: 'ezra.blackwood', category: 'Heroic Males', phone: '3125550111',
    biography: 'Ezra is a former firefighter who found acting through a veterans’ theatre workshop and never looked back.',
    horrorPassion: 'I have run into dark buildings for real. Horror lets me explore what that fear does to a person.',
    characterQualities: 'Physically strong, steady in action scenes, and honest in quiet moments.',
    dreamsAndGoals: 'Play a lead who protects others without being a cliché.',
    idealHorrorRole: 'A rescue worker trapped in a collapsed hospital that keeps rebuilding itself.',
    totalVotes: 3068, profileViews: 16702, pictures: 3,
  },
  {
    firstName: 'Marcus', lastName: 'Reyes', username: 'marcus_reyes', category: 'Heroic Males', phone: '7135550112',
    biography: 'Marcus trained at a Houston conservatory and performs in Spanish- and English-language theatre.',
    horrorPassion: 'The folk tales my abuela told me were scarier than any movie. I want to tell them on screen.',
    characterQualities: 'Warm presence, bilingual, and a strong stage-combat background.',
    dreamsAndGoals: 'Bring a Latin American folk-horror story to a wide audience.',
    idealHorrorRole: 'A son who returns home and hears La Llorona calling his name.',
    totalVotes: 2117, profileViews: 10356, pictures: 2,
  },
  {
    firstName: 'Silas', lastName: 'Drummond', username: 'silas.drummond', category: 'Heroic Males', phone: '6155550113',
    biography: 'Silas is a Nashville session guitarist turned actor who scores his own audition tapes.',
    horrorPassion: 'Sound design is half of horror. As a musician I hear the scare before I see it.',
    characterQualities: 'Rhythmic timing, good with accents, and comfortable with music on camera.',
    dreamsAndGoals: 'Star in a horror musical that is genuinely frightening.',
    idealHorrorRole: 'A touring musician whose new song makes listeners disappear.',
    totalVotes: 833, profileViews: 4102, pictures: 1,
  },
  {
    firstName: 'Theo', lastName: 'Kowalski', username: 'theo.kowalski', category: 'Heroic Males', phone: '4145550114',
    biography: 'Theo teaches high-school history by day and has acted in every haunted-trail production in his county.',
    horrorPassion: 'History is full of true horrors. I like fiction that makes people look at them again.',
    characterQualities: 'Thoughtful, reliable, and great at exposition that does not feel like exposition.',
    dreamsAndGoals: 'Play the expert who explains the monster and then has to face it.',
    idealHorrorRole: 'A historian cataloguing a sealed archive that catalogues him back.',
    totalVotes: 48, profileViews: 530, pictures: 2,
  },
  {
    firstName: 'Jonah', lastName: 'Abernathy', username: 'jonah_abernathy', category: 'Heroic Males', phone: '5035550115',
    biography: 'Jonah is a Portland climber and outdoor guide who acts in short films shot in the Cascades.',
    horrorPassion: 'The wilderness is the oldest horror setting there is, and I know it well.',
    characterQualities: 'Outdoorsy, fit, and unfazed by night shoots in the cold.',
    dreamsAndGoals: 'Lead a survival-horror feature shot on real mountains.',
    idealHorrorRole: 'A guide who realises his group has one more hiker than it started with.',
    totalVotes: 1259, profileViews: 6473, pictures: 3,
  },
  {
    firstName: 'Rowan', lastName: 'Grimsby', username: 'rowan.grimsby', category: 'Creature Killer', phone: '2155550116',
    biography: 'Rowan is a creature performer with eight years in full-body suits, from theme parks to music videos.',
    horrorPassion: 'Giving a monster a soul under twenty kilos of foam latex is the best challenge in acting.',
    characterQualities: 'Stamina, contortion, and patience with four-hour prosthetic applications.',
    dreamsAndGoals: 'Be the creature everyone remembers, even if nobody sees my face.',
    idealHorrorRole: 'A swamp creature who only wants to be left alone.',
    totalVotes: 3790, profileViews: 21450, pictures: 2,
  },
  {
    firstName: 'Dante', lastName: 'Moreau', username: 'dante_moreau', category: 'Creature Killer', phone: '5045550117',
    biography: 'Dante grew up in New Orleans and performs in immersive horror theatre in the French Quarter.',
    horrorPassion: 'Immersive theatre taught me to scare someone from thirty centimetres away. Cameras are easy after that.',
    characterQualities: 'Intense, improvisational, and very comfortable in the dark.',
    dreamsAndGoals: 'Play a villain whose motives the audience ends up understanding.',
    idealHorrorRole: 'A masked figure who stalks the bayou and leaves riddles behind.',
    totalVotes: 1964, profileViews: 9788, pictures: 3,
  },
  {
    firstName: 'Kai', lastName: 'Nakamura', username: 'kai.nakamura', category: 'Creature Killer', phone: '8085550118',
    biography: 'Kai is a Honolulu dancer and motion-capture performer who has animated three video-game monsters.',
    horrorPassion: 'I love moving in ways a human body should not. Horror is where that is a compliment.',
    characterQualities: 'Flexible, precise, and experienced with motion capture and puppetry teams.',
    dreamsAndGoals: 'Blend practical suits and motion capture in one unforgettable creature.',
    idealHorrorRole: 'A sea spirit that rises from the reef during a storm.',
    totalVotes: 612, profileViews: 3390, pictures: 1,
  },
  {
    firstName: 'Bianca', lastName: 'Stroud', username: 'bianca.stroud', category: 'Creature Killer', phone: '7025550119',
    biography: 'Bianca is a Las Vegas stage magician’s assistant who now designs her own illusion-based horror acts.',
    horrorPassion: 'Misdirection is the heart of both magic and horror. I know exactly where you are not looking.',
    characterQualities: 'Graceful, sharp-witted, and trained in illusions and quick changes.',
    dreamsAndGoals: 'Play a killer whose tricks the audience never quite catches.',
    idealHorrorRole: 'A magician’s assistant who makes the magician vanish for good.',
    totalVotes: 2455, profileViews: 13120, pictures: 2,
  },
  {
    firstName: 'Felix', lastName: 'Okafor', username: 'felix.okafor', category: 'Creature Killer', phone: '4045550120',
    biography: 'Felix is an Atlanta actor and stuntman who has been set on fire, safely, eleven times on camera.',
    horrorPassion: 'Stunts are storytelling. A good fall can be more frightening than any jump scare.',
    characterQualities: 'Stunt-certified, fearless with fire work, and meticulous about safety.',
    dreamsAndGoals: 'Play the unstoppable killer and do every stunt myself.',
    idealHorrorRole: 'A scarecrow that walks the corn at harvest time.',
    totalVotes: 176, profileViews: 1244, pictures: 2,
  },
];
