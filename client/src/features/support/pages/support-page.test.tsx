import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { TOAST_MS } from '#contract/site/constants';
import { SUPPORT_LIMITS } from '#contract/support/constants';
import { SUPPORT_MESSAGES as M, supportTooManyMessages } from '#contract/support/messages';
import { paths } from '@/lib/paths';
import { adminToken, deferred } from '@/testing/contest-fixtures';
import { meFor, SITE } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { mockNetwork, type Reply, type Responder } from '@/testing/server';
import { makeToken } from '@/testing/tokens';
import { notify } from '@/lib/toast';
import { i18nFor } from '@/testing/i18n';
import { FAQ_CONTENT } from '../content/faq';
import { activateLocale } from '@/lib/i18n/i18n';

/** The English the page shows for a FAQ entry. */
const english = i18nFor('en');

const SEND = 'POST /api/v1/support/contact';

function open(routes: Record<string, Responder> = {}, path = paths.support()) {
  const net = mockNetwork({
    'GET /api/v1/site': { body: { ...SITE, product_name: 'FrightNight', charity_name: 'Helping Hands', charity_beneficiary: 'the Toy Drive Fund' } },
    'GET /api/v1/users/me': { body: { ...meFor('alice'), first_name: 'Alice', last_name: 'Cooper' } },
    [SEND]: { body: { message: M.sent } },
    ...routes,
  });
  return { ...renderApp(path), net };
}
type App = ReturnType<typeof open>;

const field = (app: App, label: string) => app.screen.getByLabelText(label, { exact: true, selector: 'input,select,textarea' });
const send = (app: App) => app.user.click(app.screen.getByRole('button', { name: 'Send Message' }));

async function fill(app: App, values: { topic?: string; name?: string; email?: string; message?: string }) {
  await app.screen.findByRole('form', { name: 'Contact support' });
  if (values.topic !== undefined) await app.user.selectOptions(field(app, 'Topic'), values.topic);
  for (const [label, value] of [
    ['Name', values.name],
    ['Email', values.email],
    ['Message', values.message],
  ] as const) {
    if (value !== undefined) fireEvent.change(field(app, label), { target: { value } });
  }
}

describe('SupportPage', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('should show the hero, the four tabs and the contact form at /support and /contact-support', async () => {
    for (const path of [paths.support(), paths.contactSupport()]) {
      const app = open({}, path);
      expect(await app.screen.findByRole('heading', { name: 'How Can We Help?', level: 1 })).toBeInTheDocument();
      expect(app.screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['FAQ', 'Contest & Prizes', 'Competitors', 'Voters']);
      expect(app.screen.getByRole('form', { name: 'Contact support' })).toBeInTheDocument();
      expect(
        within(field(app, 'Topic'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Select a topic', 'Technical issue', 'Account', 'Billing & donations', 'Other']);
      app.unmount();
    }
  });

  it('should move between tabs with the arrow keys, Home and End, with one tab in the Tab order', async () => {
    const app = open();
    const tabs = await app.screen.findAllByRole('tab');
    const tablist = app.screen.getByRole('tablist', { name: 'Help topics' });
    expect(tablist).toBeInTheDocument();
    const selected = () => app.screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')?.textContent;
    const panel = () => app.screen.getByRole('tabpanel');
    expect(selected()).toBe('FAQ');
    expect(tabs.map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1', '-1']);
    expect(panel()).toHaveAttribute('aria-labelledby', tabs[0].id);
    expect(tabs[0]).toHaveAttribute('aria-controls', panel().id);

    await app.user.click(tabs[0]);
    await app.user.keyboard('{ArrowRight}');
    expect(selected()).toBe('Contest & Prizes');
    expect(tabs[1]).toHaveFocus();
    expect(panel()).toHaveAttribute('aria-labelledby', tabs[1].id);
    expect(within(panel()).getByRole('button', { name: english._(FAQ_CONTENT.CONTEST_PRIZES[0].question) })).toBeInTheDocument();
    await app.user.keyboard('{End}');
    expect(selected()).toBe('Voters');
    expect(tabs[3]).toHaveFocus();
    await app.user.keyboard('{ArrowRight}');
    expect(selected()).toBe('FAQ');
    await app.user.keyboard('{ArrowLeft}');
    expect(selected()).toBe('Voters');
    await app.user.keyboard('{Home}');
    expect(selected()).toBe('FAQ');
    expect(app.screen.getAllByRole('tab').map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1', '-1']);
    // Tab leaves the tablist for the panel.
    await app.user.tab();
    expect(panel()).toHaveFocus();
  });

  it('should open one answer at a time and close it when the tab changes', async () => {
    const app = open();
    const [first, second] = FAQ_CONTENT.FAQ.map((entry) => english._(entry.question));
    const q1 = await app.screen.findByRole('button', { name: first });
    const q2 = app.screen.getByRole('button', { name: second });
    expect(q1).toHaveAttribute('aria-expanded', 'false');
    const region1 = document.getElementById(q1.getAttribute('aria-controls') ?? '');
    expect(region1).not.toBeVisible();

    await app.user.click(q1);
    expect(q1).toHaveAttribute('aria-expanded', 'true');
    expect(app.screen.getByRole('region', { name: first })).toBeVisible();
    expect(app.screen.getByRole('region', { name: first })).toHaveTextContent('horror-film acting competition');

    await app.user.click(q2);
    expect(q2).toHaveAttribute('aria-expanded', 'true');
    expect(q1).toHaveAttribute('aria-expanded', 'false');
    expect(app.screen.getAllByRole('button', { expanded: true })).toHaveLength(1);
    expect(app.screen.getByRole('region', { name: second })).toHaveTextContent('Entry is free');

    // The keyboard works too: Enter on the open one closes it.
    q2.focus();
    await app.user.keyboard('{Enter}');
    expect(q2).toHaveAttribute('aria-expanded', 'false');
    await app.user.keyboard('{Enter}');
    expect(q2).toHaveAttribute('aria-expanded', 'true');

    await app.user.click(app.screen.getByRole('tab', { name: 'Voters' }));
    expect(app.screen.queryAllByRole('button', { expanded: true })).toHaveLength(0);
    await app.user.click(app.screen.getByRole('tab', { name: 'FAQ' }));
    expect(app.screen.getByRole('button', { name: second })).toHaveAttribute('aria-expanded', 'false');
  });

  it('should state the FAQ facts, with the site and charity names from the server', async () => {
    const app = open();
    await app.screen.findByRole('tab', { name: 'FAQ' });
    let text = '';
    for (const label of ['FAQ', 'Contest & Prizes', 'Competitors', 'Voters']) {
      await app.user.click(app.screen.getByRole('tab', { name: label }));
      const questions = within(app.screen.getByRole('tabpanel')).getAllByRole('button');
      for (const q of questions) {
        await app.user.click(q);
        text += ` ${app.screen.getByRole('region', { name: q.textContent ?? '' }).textContent}`;
      }
    }
    for (const fact of [
      'FrightNight',
      'Entry is free',
      'one free vote per 24 hours',
      'Donations are non-refundable',
      'one category per contest',
      '1-3 months',
      'at least 6 contests a year',
      'Up to 5 winners',
      'up to three acts',
      'U.S. residents only',
      'JPG, JPEG or PNG',
      'under 5MB',
      'Teen Queens 14-17',
      'Scream Queens and Heroic Males 14+',
      'Paid votes are donations to Helping Hands, with the Toy Drive Fund as beneficiary, and are tax-deductible',
      'Competitors may not buy votes',
      'Stripe or PayPal',
      'receipt by e-mail',
      'once the payment is confirmed',
      'share a rank',
    ]) {
      expect(text).toContain(fact);
    }
  });

  it('should give each rule of the form its message', async () => {
    const app = open();
    await fill(app, {});
    await send(app);
    expect(await app.screen.findByText(M.topicRequired)).toBeInTheDocument();
    expect(app.screen.getByText(M.nameRequired)).toBeInTheDocument();
    expect(app.screen.getByText(M.emailRequired)).toBeInTheDocument();
    expect(app.screen.getByText(M.messageRequired)).toBeInTheDocument();
    expect(field(app, 'Topic')).toHaveAttribute('aria-invalid', 'true');

    await fill(app, { topic: 'billing', name: '   ', email: 'not-an-email', message: '  short   ' });
    await send(app);
    expect(await app.screen.findByText(M.emailInvalid)).toBeInTheDocument();
    expect(app.screen.getByText(M.nameRequired)).toBeInTheDocument();
    expect(app.screen.getByText(M.messageMin)).toBeInTheDocument();
    expect(app.screen.queryByText(M.topicRequired)).not.toBeInTheDocument();
    expect(app.net.requestsTo('POST', '/api/v1/support/contact')).toHaveLength(0);
  });

  it('should refuse a name on more than one line under the field, and show a 422 of the server under its field too', async () => {
    const app = open({ [SEND]: { status: 422, body: { detail: [{ loc: ['body', 'name'], msg: M.nameOneLine, type: 'custom' }] } } });
    // A text box drops CR and LF as they are typed or pasted; other line breaks it keeps.
    await fill(app, { topic: 'billing', name: 'Ada\u2028Email: boss@example.com', email: 'ada@example.com', message: 'Where is my receipt, please?' });
    await send(app);
    const name = field(app, 'Name');
    expect(await app.screen.findByText(M.nameOneLine)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(expect.stringContaining(M.nameOneLine));
    expect(app.net.requestsTo('POST', '/api/v1/support/contact')).toHaveLength(0);

    // Whatever the form lets through, the server's verdict on a field is shown at that field.
    await fill(app, { name: 'Ada Shriek' });
    await send(app);
    await waitFor(() => expect(app.net.requestsTo('POST', '/api/v1/support/contact')).toHaveLength(1));
    expect(await app.screen.findByText(M.nameOneLine)).toBeInTheDocument();
    expect(field(app, 'Name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('should count the characters of the message toward the maximum', async () => {
    const app = open();
    await fill(app, { message: 'Hello there' });
    expect(app.screen.getByText(`11/${SUPPORT_LIMITS.messageMax.toLocaleString('en-US')} characters`)).toBeInTheDocument();
    expect(field(app, 'Message')).toHaveAttribute('maxlength', String(SUPPORT_LIMITS.messageMax));
  });

  it('should keep the honeypot away from people: off-screen, hidden from assistive technology, out of the Tab order', async () => {
    const app = open();
    await app.screen.findByRole('form', { name: 'Contact support' });
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]');
    expect(honeypot).not.toBeNull();
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(app.screen.queryByRole('textbox', { name: 'Website' })).not.toBeInTheDocument();
    expect(honeypot?.parentElement?.className).toContain('-left-[10000px]');
  });

  it("should send the message, toast 'Your message has been sent successfully!' for 3 s and reset the form", async () => {
    const success = jest.spyOn(notify, 'success');
    const reply = deferred<Reply>();
    const app = open({ [SEND]: () => reply.promise });
    await fill(app, { topic: 'technical', name: '  Vera Vane ', email: 'vera@example.com', message: '  My photo upload fails every time.  ' });
    await send(app);
    const button = await app.screen.findByRole('button', { name: 'Sending...' });
    expect(button).toBeDisabled();
    reply.release({ body: { message: M.sent } });
    await waitFor(() => expect(success).toHaveBeenCalledWith(M.sent));
    expect(TOAST_MS.success).toBe(3000);
    expect(await app.screen.findByText(M.sent)).toBeInTheDocument();
    const [request] = app.net.requestsTo('POST', '/api/v1/support/contact');
    expect(request.body).toEqual({
      topic: 'technical',
      name: 'Vera Vane',
      email: 'vera@example.com',
      message: 'My photo upload fails every time.',
      website: '',
    });
    expect(request.headers.get('authorization')).toBeNull();
    expect(field(app, 'Topic')).toHaveValue('');
    expect(field(app, 'Name')).toHaveValue('');
    expect(field(app, 'Message')).toHaveValue('');
    expect(app.screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    // A visitor gets no account links.
    expect(app.screen.queryByRole('link', { name: 'View My Profile' })).not.toBeInTheDocument();
    expect(app.screen.queryByRole('link', { name: 'Back to Dashboard' })).not.toBeInTheDocument();
  });

  it('should show the server detail (a 429 too), or the default text when there is none', async () => {
    const error = jest.spyOn(notify, 'error');
    let reply: Reply = { status: 429, body: { detail: supportTooManyMessages(42) } };
    const app = open({ [SEND]: () => reply });
    const values = { topic: 'other', name: 'Vera', email: 'vera@example.com', message: 'Ten characters at least.' };
    await fill(app, values);
    await send(app);
    expect(await app.screen.findByText(supportTooManyMessages(42))).toBeInTheDocument();
    expect(error).toHaveBeenLastCalledWith(supportTooManyMessages(42));
    // What was typed stays for another try.
    expect(field(app, 'Message')).toHaveValue(values.message);

    reply = { status: 500, body: {} };
    await send(app);
    expect(await app.screen.findByText(M.failed)).toBeInTheDocument();
    expect(error).toHaveBeenLastCalledWith(M.failed);
  });

  it("should fill in a signed-in contestant's name and e-mail, keep them after sending, and link the profile and dashboard", async () => {
    localStorage.setItem('token', makeToken({ sub: 'alice', email: 'alice@example.com' }));
    const app = open({}, paths.contactSupport());
    await app.screen.findByRole('form', { name: 'Contact support' });
    await waitFor(() => expect(field(app, 'Name')).toHaveValue('Alice Cooper'));
    expect(field(app, 'Email')).toHaveValue('alice@example.com');
    expect(app.screen.getByRole('link', { name: 'View My Profile' })).toHaveAttribute('href', paths.profile('alice'));
    expect(app.screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', paths.dashboard());

    await fill(app, { topic: 'account', message: 'Please change my username.' });
    await send(app);
    expect(await app.screen.findByText(M.sent)).toBeInTheDocument();
    const [request] = app.net.requestsTo('POST', '/api/v1/support/contact');
    expect(request.body).toMatchObject({ name: 'Alice Cooper', email: 'alice@example.com', topic: 'account' });
    expect(request.headers.get('authorization')).toBe(`Bearer ${localStorage.getItem('token')}`);
    await waitFor(() => expect(field(app, 'Message')).toHaveValue(''));
    expect(field(app, 'Name')).toHaveValue('Alice Cooper');
    expect(field(app, 'Email')).toHaveValue('alice@example.com');
  });

  it('should fall back to the username when the profile has no name, and never overwrite what the user typed', async () => {
    localStorage.setItem('token', makeToken({ sub: 'ghoul', email: 'ghoul@example.com' }));
    const me = deferred<Reply>();
    const app = open({ 'GET /api/v1/users/me': () => me.promise }, paths.support());
    await app.screen.findByRole('form', { name: 'Contact support' });
    expect(field(app, 'Name')).toHaveValue('ghoul');
    fireEvent.change(field(app, 'Email'), { target: { value: 'other@example.com' } });
    me.release({ body: { ...meFor('ghoul'), first_name: '', last_name: '', email: 'ghoul@mail.example' } });
    await waitFor(() =>
      expect(Object.values(app.store.getState().api.queries).some((q) => q?.endpointName === 'getCurrentUser' && q.status === 'fulfilled')).toBe(true),
    );
    expect(field(app, 'Name')).toHaveValue('ghoul');
    expect(field(app, 'Email')).toHaveValue('other@example.com');
  });

  it('should not show the contestant links to a superuser', async () => {
    localStorage.setItem('token', adminToken());
    const app = open(
      { 'GET /api/v1/users/me': { body: { ...meFor('boss'), is_superuser: true, first_name: 'Big', last_name: 'Boss' } } },
      paths.contactSupport(),
    );
    await app.screen.findByRole('form', { name: 'Contact support' });
    await waitFor(() => expect(field(app, 'Name')).toHaveValue('Big Boss'));
    expect(app.screen.queryByRole('link', { name: 'View My Profile' })).not.toBeInTheDocument();
    expect(app.screen.queryByRole('link', { name: 'Back to Dashboard' })).not.toBeInTheDocument();
  });
});

describe('SupportPage in Brazilian Portuguese', () => {
  beforeEach(async () => {
    localStorage.clear();
    await activateLocale('pt-BR');
  });
  // The page still shown hears the language change: inside act, like any update of a test.
  afterEach(() => act(() => activateLocale('en')));

  it('should show the hero, the tabs, the FAQ answers and the form in Portuguese', async () => {
    const app = open();
    expect(await app.screen.findByRole('heading', { name: 'Como podemos ajudar?', level: 1 })).toBeInTheDocument();
    expect(app.screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Perguntas frequentes', 'Concurso e prêmios', 'Participantes', 'Eleitores']);
    await app.user.click(app.screen.getByRole('button', { name: 'O que é este site?' }));
    expect(app.screen.getByRole('region', { name: 'O que é este site?' })).toHaveTextContent(
      'FrightNight é uma competição de atuação em filmes de terror decidida pelos fãs.',
    );
    expect(app.screen.getByRole('form', { name: 'Fale com o suporte' })).toBeInTheDocument();
    expect(field(app, 'Assunto')).toBeInTheDocument();
    expect(app.screen.getByRole('button', { name: 'Enviar mensagem' })).toBeInTheDocument();
  });
});
