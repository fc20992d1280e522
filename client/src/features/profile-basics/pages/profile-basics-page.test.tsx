import { beforeEach, describe, expect, it } from '@jest/globals';
import { inLocale } from '@/testing/locale';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { CATEGORIES } from '#contract/profiles/constants';
import { DASHBOARD_MESSAGES as D, PROFILE_BASICS_MESSAGES as M } from '#contract/profiles/messages';
import type { ProfileBasicsResponse } from '#contract/profiles/answers';
import { QUESTION_MESSAGES } from '#contract/questions/messages';
import { paths } from '@/lib/paths';
import { deferred } from '@/testing/contest-fixtures';
import { answersOf, meFor, QUESTIONS, SITE } from '@/testing/fixtures';
import { currentPath, renderApp } from '@/testing/render-app';
import { mockNetwork, failNetwork, type Reply, type Responder } from '@/testing/server';
import { makeToken } from '@/testing/tokens';
import { makeCountdown, makeProfile } from '@/testing/vote-fixtures';

const BASICS = 'GET /api/v1/contestants/profile/basics';
const SAVE = 'PUT /api/v1/contestants/profile/basics';
const SAVE_PATH = '/api/v1/contestants/profile/basics';

const Q = {
  passion: 'What drives your passion for horror?',
  qualities: 'What qualities do you bring to a character?',
  dreams: 'What are your dreams and goals?',
  role: 'What is your ideal horror role?',
} as const;

const MAX = 500;

type Legacy = Pick<ProfileBasicsResponse, 'category' | 'horror_passion' | 'character_qualities' | 'dreams_and_goals' | 'ideal_horror_role'>;

/** The basics' answer for these stored values (the four questions, the demo's categories). */
const basicsOf = (b: Legacy, questions = QUESTIONS): ProfileBasicsResponse => ({ ...b, answers: answersOf(b, questions), categories: [...CATEGORIES] });

/** What the server answers to a PUT of {category, answers}. */
const savedFrom = (body: unknown): ProfileBasicsResponse => {
  const { category, answers } = body as { category: string; answers: Record<string, string> };
  const kept = (key: string) => answers[key]?.trim() || null;
  return basicsOf({
    category,
    horror_passion: kept('horror_passion'),
    character_qualities: kept('character_qualities'),
    dreams_and_goals: kept('dreams_and_goals'),
    ideal_horror_role: kept('ideal_horror_role'),
  });
};

const STORED: ProfileBasicsResponse = basicsOf({
  category: 'Scream Queens',
  horror_passion: 'Late-night creature features.',
  character_qualities: 'A scream that shatters glass.',
  dreams_and_goals: null,
  ideal_horror_role: null,
});

function open(routes: Record<string, Responder> = {}, path = paths.profileBasics()) {
  const net = mockNetwork({
    'GET /api/v1/site': { body: SITE },
    'GET /api/v1/users/me': { body: meFor('alice') },
    [BASICS]: { body: STORED },
    'GET /api/v1/profile-questions': { body: QUESTIONS },
    [SAVE]: ({ body }) => ({ body: savedFrom(body) }),
    ...routes,
  });
  return { ...renderApp(path), net };
}

type App = ReturnType<typeof open>;

/** Types into an answer by setting it whole: typing 500 characters key by key is slow in jsdom. */
const setAnswer = (app: App, label: string, value: string) => fireEvent.change(app.screen.getByLabelText(label), { target: { value } });

async function fillAll(app: App) {
  await app.screen.findByLabelText(Q.passion);
  setAnswer(app, Q.dreams, 'A lead role in a slasher.');
  setAnswer(app, Q.role, 'The final girl.');
}

const saveButton = (app: App) => app.screen.getByRole('button', { name: 'Save Changes' });

describe('ProfileBasicsPage', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', makeToken({ sub: 'alice' }));
  });

  it('should load the category and answers into the form, with a live n/500 counter under each answer', async () => {
    const app = open();
    expect(await app.screen.findByRole('heading', { level: 1, name: M.title })).toBeInTheDocument();
    expect(await app.screen.findByLabelText(Q.passion)).toHaveValue(STORED.horror_passion);
    expect(app.screen.getByLabelText('Category')).toHaveValue('Scream Queens');
    expect(app.screen.getByLabelText(Q.qualities)).toHaveValue(STORED.character_qualities);
    expect(app.screen.getByLabelText(Q.dreams)).toHaveValue('');
    expect(app.screen.getByLabelText(Q.role)).toHaveValue('');
    expect(
      within(app.screen.getByLabelText('Category'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a category', 'Scream Queens', 'Teen Queens', 'Heroic Males', 'Creature Killer']);
    // The counter is the answer's description, so a screen reader hears it with the field.
    expect(app.screen.getByLabelText(Q.passion)).toHaveAccessibleDescription(`${STORED.horror_passion!.length}/${MAX}`);
    expect(app.screen.getByLabelText(Q.dreams)).toHaveAccessibleDescription(`0/${MAX}`);

    await app.user.type(app.screen.getByLabelText(Q.dreams), 'Fame');
    expect(app.screen.getByLabelText(Q.dreams)).toHaveAccessibleDescription(`4/${MAX}`);
    setAnswer(app, Q.role, 'r'.repeat(MAX + 1));
    expect(app.screen.getByText(`${MAX + 1}/${MAX}`)).toBeInTheDocument();
    expect(app.screen.getAllByRole('button', { name: /save/i })).toHaveLength(1);
    expect(app.screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', paths.dashboard());
    expect(app.screen.getByRole('link', { name: 'View your public profile' })).toHaveAttribute('href', paths.profile('alice'));
  });

  it('should send a visitor who is not signed in to the sign-in page, asking nothing', async () => {
    localStorage.clear();
    const app = open();
    await waitFor(() => expect(currentPath(app.router)).toBe(paths.login()));
    expect(app.net.requestsTo('GET', SAVE_PATH)).toHaveLength(0);
  });

  it("should say 'Failed to load profile data.' when the answers cannot be read, and load them on Retry", async () => {
    let fail = true;
    const app = open({ [BASICS]: () => (fail ? { status: 500, body: {} } : { body: STORED }) });
    expect(await app.screen.findByRole('alert')).toHaveTextContent(M.loadFailed);
    expect(app.screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    fail = false;
    await app.user.click(app.screen.getByRole('button', { name: 'Retry' }));
    expect(await app.screen.findByLabelText(Q.passion)).toHaveValue(STORED.horror_passion);
  });

  it("should say 'Failed to load profile data.' when the network is down", async () => {
    const net = mockNetwork({ 'GET /api/v1/site': { body: SITE }, 'GET /api/v1/users/me': { body: meFor('alice') } });
    failNetwork('GET', SAVE_PATH);
    const app = { ...renderApp(paths.profileBasics()), net };
    expect(await app.screen.findByText(M.loadFailed)).toBeInTheDocument();
  });

  it('should give a user without a contestant profile the empty form, whose save creates the profile', async () => {
    const app = open({ [BASICS]: { status: 404, body: { detail: M.notFound } } });
    expect(await app.screen.findByText(/Your account has no contestant profile yet/)).toHaveTextContent(D.completeProfile);
    // The form follows the notice once the site's categories and questions have loaded.
    expect(await app.screen.findByLabelText('Category')).toHaveValue('');
    expect(app.screen.getByLabelText(Q.passion)).toHaveValue('');
    expect(app.screen.queryByRole('link', { name: 'View your public profile' })).not.toBeInTheDocument();

    await app.user.selectOptions(app.screen.getByLabelText('Category'), 'Teen Queens');
    setAnswer(app, Q.passion, 'Sleepover slashers.');
    setAnswer(app, Q.qualities, 'A whisper that carries.');
    setAnswer(app, Q.dreams, 'My first lead.');
    setAnswer(app, Q.role, 'The babysitter.');
    await app.user.click(saveButton(app));
    expect(await app.screen.findByText(M.updated)).toBeInTheDocument();
    expect(app.net.requestsTo('PUT', SAVE_PATH)[0].body).toEqual({
      category: 'Teen Queens',
      answers: {
        horror_passion: 'Sleepover slashers.',
        character_qualities: 'A whisper that carries.',
        dreams_and_goals: 'My first lead.',
        ideal_horror_role: 'The babysitter.',
      },
    });
    // Made: the page is the editor of a profile now.
    expect(await app.screen.findByRole('link', { name: 'View your public profile' })).toHaveAttribute('href', paths.profile('alice'));
    expect(app.screen.queryByText(/Your account has no contestant profile yet/)).not.toBeInTheDocument();
  });

  it('should show the messages under the fields, naming the question, and send nothing while the form is invalid', async () => {
    // The organizer made the first two questions required.
    const required = QUESTIONS.map((q, i) => ({ ...q, required: i < 2 }));
    const app = open({ [BASICS]: { body: basicsOf(STORED, required) } });
    await app.screen.findByLabelText(Q.passion);
    await app.user.selectOptions(app.screen.getByLabelText('Category'), '');
    await app.user.clear(app.screen.getByLabelText(Q.passion));
    setAnswer(app, Q.qualities, '   ');
    setAnswer(app, Q.dreams, 'd'.repeat(MAX + 1));
    setAnswer(app, Q.role, 'r'.repeat(MAX));
    await app.user.click(saveButton(app));

    expect(await app.screen.findByText(M.categoryRequired)).toBeInTheDocument();
    expect(app.screen.getByLabelText('Category')).toHaveAccessibleDescription(M.categoryRequired);
    expect(app.screen.getByLabelText(Q.passion)).toHaveAccessibleDescription(expect.stringContaining(QUESTION_MESSAGES.answerRequired(Q.passion)));
    expect(app.screen.getByLabelText(Q.qualities)).toHaveAccessibleDescription(expect.stringContaining(QUESTION_MESSAGES.answerRequired(Q.qualities)));
    expect(app.screen.getByLabelText(Q.dreams)).toHaveAccessibleDescription(expect.stringContaining(QUESTION_MESSAGES.answerTooLong(Q.dreams, MAX)));
    // Exactly 500 is allowed.
    expect(app.screen.getByLabelText(Q.role)).toHaveAccessibleDescription(`${MAX}/${MAX}`);
    expect(app.net.requestsTo('PUT', SAVE_PATH)).toHaveLength(0);
  });

  it("should show 'Saving...' while sending, send the category and the answers by key, toast 'Profile updated successfully!' and keep what is stored", async () => {
    const reply = deferred<Reply>();
    const app = open({ [SAVE]: () => reply.promise });
    await fillAll(app);
    await app.user.selectOptions(app.screen.getByLabelText('Category'), 'Creature Killer');
    await app.user.click(saveButton(app));
    expect(await app.screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    await waitFor(() => expect(app.net.requestsTo('PUT', SAVE_PATH)).toHaveLength(1));
    const sent = app.net.requestsTo('PUT', SAVE_PATH)[0].body;
    expect(sent).toEqual({
      category: 'Creature Killer',
      answers: {
        horror_passion: STORED.horror_passion,
        character_qualities: STORED.character_qualities,
        dreams_and_goals: 'A lead role in a slasher.',
        ideal_horror_role: 'The final girl.',
      },
    });
    reply.release({ body: savedFrom(sent) });
    expect(await app.screen.findByText(M.updated)).toBeInTheDocument();
    expect(app.screen.getByLabelText('Category')).toHaveValue('Creature Killer');
    expect(app.screen.getByLabelText(Q.role)).toHaveValue('The final girl.');
    expect(saveButton(app)).toBeEnabled();
    // One load only: the form now shows what the server answered, without asking again.
    expect(app.net.requestsTo('GET', SAVE_PATH)).toHaveLength(1);
  });

  it("should put a 422 list on the fields with 'Validation failed. Please check your inputs.'", async () => {
    const app = open({
      [SAVE]: {
        status: 422,
        body: {
          detail: [
            { loc: ['body', 'category'], msg: M.categoryInvalid, type: 'value_error.custom' },
            { loc: ['body', 'answers', 'ideal_horror_role'], msg: QUESTION_MESSAGES.answerTooLong(Q.role, MAX), type: 'value_error.answer' },
          ],
        },
      },
    });
    await fillAll(app);
    await app.user.click(saveButton(app));
    expect(await app.screen.findByText(M.categoryInvalid)).toBeInTheDocument();
    expect(app.screen.getByLabelText('Category')).toHaveAccessibleDescription(M.categoryInvalid);
    expect(app.screen.getByLabelText(Q.role)).toHaveAccessibleDescription(expect.stringContaining(QUESTION_MESSAGES.answerTooLong(Q.role, MAX)));
    // Above the button, and as a toast.
    expect(within(app.screen.getByRole('form', { name: M.title })).getByText(M.validationFailed)).toBeInTheDocument();
    expect(await app.screen.findAllByText(M.validationFailed)).toHaveLength(2);
  });

  it('should show a string detail as it is, and anything else as the spec’s failure text', async () => {
    let answer: Reply = { status: 404, body: { detail: M.notFound } };
    const app = open({ [SAVE]: () => answer });
    await fillAll(app);
    await app.user.click(saveButton(app));
    const form = app.screen.getByRole('form', { name: M.title });
    expect(await within(form).findByRole('alert')).toHaveTextContent(M.notFound);
    expect(await app.screen.findAllByText(M.notFound)).toHaveLength(2);

    answer = { status: 500, body: {} };
    await app.user.click(saveButton(app));
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent(M.updateFailed));
    expect(within(form).getByRole('alert')).not.toHaveTextContent(M.notFound);
  });

  it('should show the new answers on the public profile right after saving', async () => {
    const PROFILE = 'GET /api/v1/contestants/alice';
    let profile = makeProfile({ ...STORED, character_qualities: STORED.character_qualities }, { username: 'alice', first_name: 'Alice' });
    const app = open(
      {
        [PROFILE]: () => ({ body: profile }),
        'POST /api/v1/contestants/alice/increment-views': { body: { profile_views: 1 } },
        'GET /api/v1/admin/current-contest/countdown': { body: makeCountdown(new Date().toISOString(), '2020-01-01T00:00:00Z', null) },
        [SAVE]: ({ body }) => {
          const saved = savedFrom(body);
          profile = makeProfile({ ...profile, ...saved, answers: undefined }, { username: 'alice', first_name: 'Alice' });
          return { body: saved };
        },
      },
      paths.profile('alice'),
    );
    const about = await app.screen.findByRole('region', { name: 'About Alice' });
    expect(within(about).getByText(STORED.horror_passion!)).toBeInTheDocument();
    await app.user.click(within(about).getByRole('link', { name: 'Edit Profile Information' }));
    await waitFor(() => expect(currentPath(app.router)).toBe(paths.profileBasics()));

    await fillAll(app);
    setAnswer(app, Q.passion, 'Freshly rewritten passion.');
    await app.user.click(saveButton(app));
    expect(await app.screen.findByText(M.updated)).toBeInTheDocument();

    await app.user.click(app.screen.getByRole('link', { name: 'View your public profile' }));
    const updated = await app.screen.findByRole('region', { name: 'About Alice' });
    expect(await within(updated).findByText('Freshly rewritten passion.')).toBeInTheDocument();
    expect(within(updated).getByText('The final girl.')).toBeInTheDocument();
  });
});

describe('ProfileBasicsPage in Brazilian Portuguese', () => {
  inLocale('pt-BR');

  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', makeToken({ sub: 'alice' }));
  });

  it('should show the page and its buttons in Portuguese, the questions as the organizer wrote them', async () => {
    const app = open();
    expect(await app.screen.findByLabelText(Q.passion)).toBeInTheDocument();
    expect(app.screen.getByText('Sua categoria e suas respostas, mostradas aos fãs na seção Sobre do seu perfil público.')).toBeInTheDocument();
    expect(app.screen.getByRole('link', { name: 'Voltar ao painel' })).toHaveAttribute('href', paths.dashboard());
    expect(app.screen.getByRole('link', { name: 'Ver seu perfil público' })).toHaveAttribute('href', paths.profile('alice'));
    expect(app.screen.getByRole('button', { name: 'Salvar alterações' })).toBeInTheDocument();
  });
});
