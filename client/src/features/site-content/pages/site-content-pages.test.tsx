import { beforeEach, describe, expect, it } from '@jest/globals';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { CATEGORY_MESSAGES as C } from '#contract/profiles/messages';
import type { ProfileQuestion } from '#contract/questions/answers';
import { QUESTION_MESSAGES as Q } from '#contract/questions/messages';
import { paths } from '@/lib/paths';
import { QUESTIONS, SITE } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { mockNetwork, type RecordedRequest, type Responder } from '@/testing/server';
import { staffToken } from '@/testing/tokens';

function open(path: string, routes: Record<string, Responder>) {
  localStorage.setItem('token', staffToken('organizer'));
  const net = mockNetwork({ 'GET /api/v1/site': { body: SITE }, ...routes });
  return { ...renderApp(path), net };
}

describe('AdminCategoriesPage', () => {
  beforeEach(() => localStorage.clear());

  it("should load the site's list, one per line, and save the lines trimmed, without blank ones", async () => {
    let stored = ['Scream Queens', 'Teen Queens'];
    const app = open(paths.admin.categories(), {
      'GET /api/v1/admin/site/categories': () => ({ body: { categories: stored } }),
      'PUT /api/v1/admin/site/categories': ({ body }) => {
        stored = (body as { categories: string[] }).categories;
        return { body: { categories: stored } };
      },
    });
    const box = await app.screen.findByLabelText('Categories, one per line');
    await waitFor(() => expect(box).toHaveValue('Scream Queens\nTeen Queens'));
    fireEvent.change(box, { target: { value: ' Ghouls \n\nWitches\n' } });
    await app.user.click(app.screen.getByRole('button', { name: 'Save Categories' }));
    expect(await app.screen.findByText(C.saved)).toBeInTheDocument();
    expect(app.net.requestsTo('PUT', '/api/v1/admin/site/categories')[0].body).toEqual({ categories: ['Ghouls', 'Witches'] });
    expect(box).toHaveValue('Ghouls\nWitches');
  });

  it('should refuse a duplicate or an empty list before sending, saying why', async () => {
    const app = open(paths.admin.categories(), { 'GET /api/v1/admin/site/categories': { body: { categories: ['Ghouls'] } } });
    const box = await app.screen.findByLabelText('Categories, one per line');
    await waitFor(() => expect(box).toHaveValue('Ghouls'));
    fireEvent.change(box, { target: { value: 'Ghouls\nghouls' } });
    await app.user.click(app.screen.getByRole('button', { name: 'Save Categories' }));
    expect(box).toHaveAccessibleDescription(expect.stringContaining(C.duplicate('ghouls')));
    fireEvent.change(box, { target: { value: '  ' } });
    await app.user.click(app.screen.getByRole('button', { name: 'Save Categories' }));
    expect(box).toHaveAccessibleDescription(expect.stringContaining(C.listSize));
    expect(app.net.requestsTo('PUT', '/api/v1/admin/site/categories')).toHaveLength(0);
  });

  it('should offer Try Again when the list cannot be read', async () => {
    const app = open(paths.admin.categories(), { 'GET /api/v1/admin/site/categories': { status: 500, body: {} } });
    expect(await app.screen.findByText(C.loadFailed)).toBeInTheDocument();
    expect(app.screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});

describe('AdminQuestionsPage', () => {
  beforeEach(() => localStorage.clear());

  /** A fake server holding the questions: add, edit (retire), move. */
  function questionsServer() {
    let list: ProfileQuestion[] = QUESTIONS.map((q) => ({ ...q }));
    const ordered = () => [...list.filter((q) => !q.retired).sort((a, b) => a.position - b.position), ...list.filter((q) => q.retired)];
    const idOf = (call: RecordedRequest) => Number(call.path.split('/')[5]);
    return {
      'GET /api/v1/admin/profile-questions': () => ({ body: ordered() }),
      'POST /api/v1/admin/profile-questions': ({ body }: RecordedRequest) => {
        const q = body as ProfileQuestion;
        list = [...list, { ...q, id: list.length + 1, position: list.length + 1, retired: false }];
        return { body: ordered() };
      },
      'PUT /api/v1/admin/profile-questions/:id': (call: RecordedRequest) => {
        list = list.map((q) => (q.id === idOf(call) ? { ...q, ...(call.body as object) } : q));
        return { body: ordered() };
      },
      'POST /api/v1/admin/profile-questions/:id/move': (call: RecordedRequest) => {
        const active = ordered().filter((q) => !q.retired);
        const from = active.findIndex((q) => q.id === idOf(call));
        const to = (call.body as { direction: string }).direction === 'up' ? from - 1 : from + 1;
        [active[from], active[to]] = [active[to], active[from]];
        list = list.map((q) => ({ ...q, position: active.findIndex((a) => a.id === q.id) + 1 || q.position }));
        return { body: ordered() };
      },
    };
  }

  const titles = async (app: ReturnType<typeof open>) =>
    within(await app.screen.findByRole('list', { name: 'Active questions' }))
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);

  it('should list the active questions in order and move one with the keyboard-reachable buttons, the first Up and last Down off', async () => {
    const app = open(paths.admin.profileQuestions(), questionsServer());
    expect(await titles(app)).toEqual(QUESTIONS.map((q) => q.label));
    expect(app.screen.getByRole('button', { name: `Move "${QUESTIONS[0].label}" up` })).toBeDisabled();
    expect(app.screen.getByRole('button', { name: `Move "${QUESTIONS[3].label}" down` })).toBeDisabled();
    app.screen.getByRole('button', { name: `Move "${QUESTIONS[1].label}" up` }).focus();
    await app.user.keyboard('{Enter}');
    await waitFor(async () => expect((await titles(app))[0]).toBe(QUESTIONS[1].label));
    expect(app.net.requestsTo('POST', '/api/v1/admin/profile-questions/2/move')[0].body).toEqual({ direction: 'up' });
  });

  it('should add a required question last, check its key first, and retire and restore one', async () => {
    const app = open(paths.admin.profileQuestions(), questionsServer());
    await titles(app);
    const form = app.screen.getByRole('heading', { name: 'Add a question' }).parentElement!;
    await app.user.type(within(form).getByLabelText('Key'), 'Bad Key');
    await app.user.type(within(form).getByLabelText('Question'), 'Your first scream?');
    await app.user.type(within(form).getByLabelText('Public title'), 'My first scream');
    await app.user.click(within(form).getByRole('button', { name: 'Add Question' }));
    expect(within(form).getByLabelText('Key')).toHaveAccessibleDescription(expect.stringContaining(Q.keyFormat));
    await app.user.clear(within(form).getByLabelText('Key'));
    await app.user.type(within(form).getByLabelText('Key'), 'first_scream');
    await app.user.click(within(form).getByLabelText('Required (asked at registration)'));
    await app.user.click(within(form).getByRole('button', { name: 'Add Question' }));
    await waitFor(async () => expect((await titles(app)).at(-1)).toBe('Your first scream?'));
    expect(app.net.requestsTo('POST', '/api/v1/admin/profile-questions')[0].body).toMatchObject({ key: 'first_scream', required: true, max_length: 500 });

    const row = (await app.screen.findByRole('heading', { level: 3, name: QUESTIONS[2].label })).closest('li')!;
    await app.user.click(within(row).getByRole('button', { name: 'Retire' }));
    const retired = await app.screen.findByRole('heading', { name: 'Retired questions' });
    expect(within(retired.parentElement!).getByText(QUESTIONS[2].label)).toBeInTheDocument();
    await app.user.click(within(retired.parentElement!).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(app.screen.queryByRole('heading', { name: 'Retired questions' })).not.toBeInTheDocument());
  });

  it('should edit a question in place and show a refusal in words', async () => {
    const server = questionsServer();
    const app = open(paths.admin.profileQuestions(), {
      ...server,
      'PUT /api/v1/admin/profile-questions/:id': { status: 404, body: { detail: Q.notFound } },
    });
    const row = (await app.screen.findByRole('heading', { level: 3, name: QUESTIONS[0].label })).closest('li')!;
    await app.user.click(within(row).getByRole('button', { name: 'Edit' }));
    expect(within(row).getByRole('button', { name: 'Edit' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(row).getByLabelText('Question')).toHaveValue(QUESTIONS[0].label);
    expect(within(row).queryByLabelText('Key')).not.toBeInTheDocument();
    await app.user.click(within(row).getByRole('button', { name: 'Save Question' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent(Q.notFound);
  });
});
