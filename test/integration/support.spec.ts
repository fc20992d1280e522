// The support contact form (POST /support/contact, with its exact texts) and the admin inbox over HTTP.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SupportMessageItem, SupportMessagesPage } from '#contract/support/answers.js';
import { AUTH_GUARD_MESSAGES } from '#contract/auth/messages.js';
import { SUPPORT_LIMITS } from '#contract/support/constants.js';
import { SUPPORT_MESSAGES, supportTooManyMessages } from '#contract/support/messages.js';
import { DEFAULT_SUPPORT_EMAIL } from '#server/config/config.js';
import { mailsTo, waitForMails } from '../helpers/accounts.js';
import { call, createAccounts, type TestAccount } from '../helpers/contest-fixtures.js';
import { aSupportMessage } from '../helpers/factories.js';
import { loopbackAddress, requestFrom, type Answer } from '../helpers/source-address.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

interface ErrorItem {
  loc: (string | number)[];
  msg: string;
}

const valid = (email: string, extra: Record<string, unknown> = {}) => ({
  topic: 'billing',
  name: 'Ada Shriek',
  email,
  message: 'My donation receipt never arrived, can you help?',
  ...extra,
});

/** Header lines unfolded (a long Subject may continue on the next line). */
const unfold = (mail: string) => mail.replace(/\r?\n[ \t]+/g, ' ');

/** The staff e-mails about one sender's messages: the outbox mail to staff whose Reply-To is the sender. */
const staffMailOf = async (dataDir: string, sender: string) =>
  (await waitForMails(dataDir, DEFAULT_SUPPORT_EMAIL)).map(unfold).filter((m) => new RegExp(`^Reply-To: ${sender.replace(/[.+]/g, '\\$&')}$`, 'm').test(m));

describe('POST /support/contact', () => {
  let t: TestServer;
  let admin: TestAccount;
  /** Each sending test leaves from its own loopback addresses, so the per-address limit is its own. */
  let nextAddress = 0;
  const freshAddress = () => loopbackAddress(nextAddress++, 7);

  const send = (body: unknown, options: { from?: string; token?: string } = {}): Promise<Answer> =>
    requestFrom(`${t.api}/support/contact`, 'POST', { from: options.from ?? freshAddress(), token: options.token, body });
  const inbox = async (query = ''): Promise<SupportMessagesPage> => {
    const res = await call(t, 'GET', `/admin/support-messages${query}`, admin.token);
    expect(res.status).toBe(200);
    return (await res.json()) as SupportMessagesPage;
  };
  const storedFrom = async (email: string): Promise<SupportMessageItem[]> =>
    (await inbox('?limit=100')).items.filter((m) => m.email.toLowerCase().replace(/\+[^@]*/, '') === email.toLowerCase());
  const rowCount = async () => Number((await t.db.pool.query('SELECT count(*) FROM support_messages')).rows[0].count);

  beforeAll(async () => {
    t = await startTestServer();
    [admin] = await createAccounts(t, 'sup_admin', 1, 'admin');
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('should refuse each invalid field with its form text, and keep and send nothing', async () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['missing topic', { topic: undefined }, 'topic', SUPPORT_MESSAGES.topicRequired],
      ['empty topic', { topic: '' }, 'topic', SUPPORT_MESSAGES.topicRequired],
      ['unknown topic', { topic: 'refunds' }, 'topic', SUPPORT_MESSAGES.topicRequired],
      ['blank name', { name: '    ' }, 'name', SUPPORT_MESSAGES.nameRequired],
      ['missing name', { name: undefined }, 'name', SUPPORT_MESSAGES.nameRequired],
      ['long name', { name: 'N'.repeat(SUPPORT_LIMITS.nameMax + 1) }, 'name', SUPPORT_MESSAGES.nameMax],
      // A line break in the name would add lines to staff's e-mail (a fake "Email:" line).
      ['CR LF in the name', { name: 'Ada\r\nEmail: boss@example.com' }, 'name', SUPPORT_MESSAGES.nameOneLine],
      ['LF in the name', { name: 'Ada\nEmail: boss@example.com' }, 'name', SUPPORT_MESSAGES.nameOneLine],
      ['CR in the name', { name: 'Ada\rEmail: boss@example.com' }, 'name', SUPPORT_MESSAGES.nameOneLine],
      ['a Unicode line separator in the name', { name: 'Ada\u2028Email: boss@example.com' }, 'name', SUPPORT_MESSAGES.nameOneLine],
      ['missing email', { email: undefined }, 'email', SUPPORT_MESSAGES.emailRequired],
      ['blank email', { email: '   ' }, 'email', SUPPORT_MESSAGES.emailRequired],
      ['bad email', { email: 'ada-at-example.com' }, 'email', SUPPORT_MESSAGES.emailInvalid],
      ['missing message', { message: undefined }, 'message', SUPPORT_MESSAGES.messageRequired],
      ['blank message', { message: '     ' }, 'message', SUPPORT_MESSAGES.messageRequired],
      ['message under 10 after trimming', { message: '   too short     ' }, 'message', SUPPORT_MESSAGES.messageMin],
      ['message too long', { message: 'x'.repeat(SUPPORT_LIMITS.messageMax + 1) }, 'message', SUPPORT_MESSAGES.messageMax],
    ];
    for (const [what, change, field, text] of cases) {
      const res = await send(valid('invalid@example.com', change), { from: '127.0.0.1' });
      expect({ what, status: res.status, detail: res.body.detail }).toEqual({
        what,
        status: 422,
        detail: [expect.objectContaining({ loc: ['body', field], msg: text })],
      });
    }
    // Every field wrong at once: one line per field.
    const all = await send({ topic: '', name: '', email: 'nope', message: 'short' }, { from: '127.0.0.1' });
    expect((all.body.detail as ErrorItem[]).map((i) => [i.loc[1], i.msg])).toEqual([
      ['topic', SUPPORT_MESSAGES.topicRequired],
      ['name', SUPPORT_MESSAGES.nameRequired],
      ['email', SUPPORT_MESSAGES.emailInvalid],
      ['message', SUPPORT_MESSAGES.messageMin],
    ]);
    expect(await rowCount()).toBe(0);
    expect(await mailsTo(t.dataDir, 'invalid@example.com')).toEqual([]);
  });

  it("should store a visitor's message trimmed and open, and answer the spec's success text", async () => {
    const res = await send(valid('  visitor@example.com ', { name: '  Ada Shriek  ', message: '  My donation receipt never arrived, can you help?  ' }));
    expect(res).toMatchObject({ status: 200, body: { message: SUPPORT_MESSAGES.sent } });
    const [stored, ...more] = await storedFrom('visitor@example.com');
    expect(more).toEqual([]);
    expect(stored).toEqual({
      id: expect.any(Number),
      topic: 'billing',
      name: 'Ada Shriek',
      email: 'visitor@example.com',
      message: 'My donation receipt never arrived, can you help?',
      status: 'open',
      user_id: null,
      username: null,
      created_at: expect.any(String),
      handled_at: null,
    });
    expect(Math.abs(Date.parse(stored.created_at) - Date.now())).toBeLessThan(60_000);
  });

  it('should e-mail staff (Reply-To the sender, the topic in the subject) and acknowledge to the sender, escaping the HTML', async () => {
    const sender = 'mailer@example.com';
    const message = 'Votes vanished after <script>alert("x")</script> & a reload.\nSecond line.';
    expect((await send(valid(sender, { topic: 'technical', name: 'Bea <b>Bold</b>', message }))).status).toBe(200);

    const [staff, ...moreStaff] = await (async () => {
      for (const until = Date.now() + 10_000; ;) {
        const mine = await staffMailOf(t.dataDir, sender);
        if (mine.length || Date.now() > until) return mine;
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    expect(moreStaff).toEqual([]);
    expect(staff).toMatch(new RegExp(`^To: ${DEFAULT_SUPPORT_EMAIL}$`, 'm'));
    expect(staff).toMatch(/^Reply-To: mailer@example\.com$/m);
    expect(staff).toMatch(/^Subject: .*Technical issue.*Bea <b>Bold<\/b>/m);
    expect(staff).toContain('Email: mailer@example.com');
    expect(staff).toContain('Username: not signed in');
    expect(staff).toContain('Votes vanished after <script>alert("x")</script> & a reload.'); // the plain-text part, as typed
    expect(staff).toContain('Votes vanished after &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; a reload.');
    expect(staff).toContain('Bea &lt;b&gt;Bold&lt;/b&gt;');

    const [ack, ...moreAcks] = (await waitForMails(t.dataDir, sender)).map(unfold);
    expect(moreAcks).toEqual([]);
    expect(ack).toMatch(/^Subject: We received your message to ScreamStage support$/m);
    expect(ack).not.toMatch(/^Reply-To:/m);
    expect(ack).toContain('Thank you for contacting ScreamStage support');
    expect(ack).toContain('will reply to this address');
    expect(ack).toContain('Second line.');
    expect(ack).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  });

  it("should link a signed-in sender's account, shown with the username in the inbox and the staff e-mail", async () => {
    const [member] = await createAccounts(t, 'sup_member', 1);
    expect((await send(valid('member-mail@example.com', { topic: 'account' }), { token: member.token })).status).toBe(200);
    const [stored] = await storedFrom('member-mail@example.com');
    expect(stored).toMatchObject({ user_id: member.id, username: member.username, topic: 'account' });
    await waitForMails(t.dataDir, 'member-mail@example.com');
    const staff = await staffMailOf(t.dataDir, 'member-mail@example.com');
    expect(staff).toHaveLength(1);
    expect(staff[0]).toContain(`Username: ${member.username}`);
  });

  it('should answer a filled honeypot exactly like a success, and keep and send nothing', async () => {
    const before = await rowCount();
    const bot = await send(valid('bot@example.com', { website: 'http://spam.example' }));
    const person = await send(valid('person@example.com'));
    expect(bot.status).toBe(person.status);
    expect(bot.body).toEqual(person.body);
    // The person's e-mails went through the queue; the bot's were never on it.
    await waitForMails(t.dataDir, 'person@example.com');
    expect(await rowCount()).toBe(before + 1);
    expect(await storedFrom('bot@example.com')).toEqual([]);
    expect(await mailsTo(t.dataDir, 'bot@example.com')).toEqual([]);
    expect(await staffMailOf(t.dataDir, 'bot@example.com')).toEqual([]);
  });

  /** The 429's detail names the minutes left of the hour, as Retry-After does in seconds. */
  const expectRefused = (res: Answer) => {
    expect(res.status).toBe(429);
    const seconds = Number(res.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(3600);
    expect(res.body).toEqual({ detail: supportTooManyMessages(Math.ceil(seconds / 60)) });
  };

  it(`should refuse the sixth and seventh message within the hour from one address, while another address still sends`, async () => {
    const from = freshAddress();
    for (let i = 1; i <= SUPPORT_LIMITS.perHour; i++) expect((await send(valid(`addr${i}@example.com`), { from })).status).toBe(200);
    expectRefused(await send(valid('addr6@example.com'), { from }));
    expectRefused(await send(valid('addr7@example.com'), { from }));
    expect(await storedFrom('addr6@example.com')).toEqual([]);
    expect(await storedFrom('addr7@example.com')).toEqual([]);
    expect((await send(valid('addr8@example.com'))).status).toBe(200);
  });

  it('should refuse the sixth and seventh message within the hour to one mailbox, +tags and capitals folded, from any address', async () => {
    const variants = ['box@example.com', 'BOX@example.com', 'box+1@example.com', 'Box+two@Example.com', 'box+3@example.com'];
    for (const email of variants) expect((await send(valid(email))).status).toBe(200);
    expectRefused(await send(valid('box+six@example.com')));
    expectRefused(await send(valid('box@example.com')));
    expect(await storedFrom('box@example.com')).toHaveLength(SUPPORT_LIMITS.perHour);
    expect((await send(valid('other-box@example.com'))).status).toBe(200);
  });

  it('should never keep the client address or the mailbox in the limiter, only keyed hashes', async () => {
    const keys = (await t.db.pool.query(`SELECT key FROM rate_limits WHERE key LIKE 'support-%'`)).rows.map((r) => r.key as string);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key).toMatch(/^support-(addr|mailbox):[0-9a-f]{40}$/);
  });
});

describe('the admin support inbox', () => {
  let t: TestServer;
  let admin: TestAccount;
  let contestant: TestAccount;
  /** m1 technical open (oldest), m2 billing open, m3 billing handled, m4 account open, m5 billing open (newest). */
  const m: Record<'m1' | 'm2' | 'm3' | 'm4' | 'm5', number> = { m1: 0, m2: 0, m3: 0, m4: 0, m5: 0 };

  const get = async (url: string, token: string | null = admin.token) => {
    const res = await call(t, 'GET', url, token);
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
  };
  const list = async (query = '') => {
    const res = await get(`/admin/support-messages${query}`);
    expect(res.status).toBe(200);
    const page = res.body as unknown as SupportMessagesPage;
    return { ids: page.items.map((i) => i.id), total: page.total, open: page.open_count, header: res.headers.get('x-total-count') };
  };
  const put = async (id: number | string, body: unknown, token: string | null = admin.token) => {
    const res = await call(t, 'PUT', `/admin/support-messages/${id}`, token, body);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    t = await startTestServer();
    [admin] = await createAccounts(t, 'inbox_admin', 1, 'admin');
    [contestant] = await createAccounts(t, 'inbox_user', 1);
    const rows: [keyof typeof m, string, 'open' | 'handled', number][] = [
      ['m1', 'technical', 'open', 50],
      ['m2', 'billing', 'open', 40],
      ['m3', 'billing', 'handled', 30],
      ['m4', 'account', 'open', 20],
      ['m5', 'billing', 'open', 10],
    ];
    for (const [key, topic, status, minutesAgo] of rows) {
      const now = Date.now();
      const message = await aSupportMessage(t.db, {
        topic,
        name: `Sender ${key}`,
        email: `${key}@example.com`,
        message: 'Please look into this soon.',
        status,
        created_at: new Date(now - minutesAgo * 60_000),
        handled_at: status === 'handled' ? new Date(now) : null,
      });
      m[key] = message.id;
    }
  });
  afterAll(async () => {
    await t?.stop();
  });

  const routes = () =>
    [
      ['GET', '/admin/support-messages', undefined],
      ['GET', '/admin/support-messages/summary', undefined],
      ['GET', `/admin/support-messages/${m.m1}`, undefined],
      ['PUT', `/admin/support-messages/${m.m1}`, { status: 'handled' }],
    ] as const;

  it('should answer 401 without a token and 403 to a contestant on every inbox call, and change nothing', async () => {
    for (const [method, url, body] of routes()) {
      const anonymous = await call(t, method, url, null, body);
      expect({ url, status: anonymous.status, body: await anonymous.json() }).toEqual({
        url,
        status: 401,
        body: { detail: AUTH_GUARD_MESSAGES.notAuthenticated },
      });
      const user = await call(t, method, url, contestant.token, body);
      expect({ url, status: user.status, body: await user.json() }).toEqual({ url, status: 403, body: { detail: AUTH_GUARD_MESSAGES.superuserRequired } });
    }
    expect((await t.db.pool.query('SELECT status FROM support_messages WHERE id = $1', [m.m1])).rows[0].status).toBe('open');
  });

  it('should list newest first with the count matching the filters (also in x-total-count) and every open message', async () => {
    expect(await list()).toEqual({ ids: [m.m5, m.m4, m.m3, m.m2, m.m1], total: 5, open: 4, header: '5' });
    expect(await list('?topic=billing')).toEqual({ ids: [m.m5, m.m3, m.m2], total: 3, open: 4, header: '3' });
    expect(await list('?topic=billing&status=open')).toEqual({ ids: [m.m5, m.m2], total: 2, open: 4, header: '2' });
    expect(await list('?status=handled')).toEqual({ ids: [m.m3], total: 1, open: 4, header: '1' });
    // A select's "All" sends an empty value: no filter.
    expect(await list('?topic=&status=')).toEqual({ ids: [m.m5, m.m4, m.m3, m.m2, m.m1], total: 5, open: 4, header: '5' });
  });

  it('should page with skip and limit', async () => {
    expect(await list('?skip=1&limit=2')).toEqual({ ids: [m.m4, m.m3], total: 5, open: 4, header: '5' });
    expect(await list('?skip=4&limit=2')).toEqual({ ids: [m.m1], total: 5, open: 4, header: '5' });
    expect(await list('?skip=5')).toEqual({ ids: [], total: 5, open: 4, header: '5' });
  });

  it('should refuse unknown filters and bad paging with 422', async () => {
    const topic = await get('/admin/support-messages?topic=refunds');
    expect(topic.status).toBe(422);
    expect(topic.body.detail).toEqual([expect.objectContaining({ loc: ['query', 'topic'], msg: SUPPORT_MESSAGES.unknownTopic })]);
    const status = await get('/admin/support-messages?status=closed');
    expect(status.body.detail).toEqual([expect.objectContaining({ loc: ['query', 'status'], msg: SUPPORT_MESSAGES.unknownStatus })]);
    expect((await get('/admin/support-messages?limit=0')).status).toBe(422);
    expect((await get('/admin/support-messages?limit=101')).status).toBe(422);
    expect((await get('/admin/support-messages?skip=-1')).status).toBe(422);
  });

  it('should answer one message, 404 for none, and 422 for an id that is not one', async () => {
    const one = await get(`/admin/support-messages/${m.m2}`);
    expect(one).toMatchObject({
      status: 200,
      body: { id: m.m2, topic: 'billing', name: 'Sender m2', email: 'm2@example.com', status: 'open', handled_at: null },
    });
    expect(await get('/admin/support-messages/2147483647')).toMatchObject({ status: 404, body: { detail: SUPPORT_MESSAGES.messageNotFound } });
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await get(`/admin/support-messages/${bad}`);
      expect({ bad, status: res.status }).toEqual({ bad, status: 422 });
    }
  });

  it('should mark a message handled (handled_at kept on a repeat) and open again, the open count following', async () => {
    expect((await get('/admin/support-messages/summary')).body).toEqual({ open_count: 4 });
    const handled = await put(m.m2, { status: 'handled' });
    expect(handled).toMatchObject({ status: 200, body: { id: m.m2, status: 'handled', handled_at: expect.any(String) } });
    expect(Math.abs(Date.parse(handled.body.handled_at as string) - Date.now())).toBeLessThan(60_000);
    expect((await get('/admin/support-messages/summary')).body).toEqual({ open_count: 3 });
    expect(await list('?status=open')).toEqual({ ids: [m.m5, m.m4, m.m1], total: 3, open: 3, header: '3' });

    const again = await put(m.m2, { status: 'handled' });
    expect(again.body.handled_at).toBe(handled.body.handled_at);

    const reopened = await put(m.m2, { status: 'open' });
    expect(reopened).toMatchObject({ status: 200, body: { id: m.m2, status: 'open', handled_at: null } });
    expect((await get('/admin/support-messages/summary')).body).toEqual({ open_count: 4 });
  });

  it('should refuse a bad status with 422 and an unknown message with 404', async () => {
    const bad = await put(m.m1, { status: 'closed' });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'status'], msg: SUPPORT_MESSAGES.unknownStatus })]);
    expect(await put(2147483647, { status: 'handled' })).toEqual({ status: 404, body: { detail: SUPPORT_MESSAGES.messageNotFound } });
    expect((await t.db.pool.query('SELECT status FROM support_messages WHERE id = $1', [m.m1])).rows[0].status).toBe('open');
  });

  it("should keep a message when its sender's account is deleted, without the link", async () => {
    const [gone] = await createAccounts(t, 'inbox_gone', 1, 'no-profile');
    const message = await aSupportMessage(t.db, {
      topic: 'other',
      name: 'Gone',
      email: 'gone@example.com',
      message: 'Delete my account please',
      user_id: gone.id,
    });
    expect((await get(`/admin/support-messages/${message.id}`)).body).toMatchObject({ user_id: gone.id, username: gone.username });
    await t.db.pool.query('DELETE FROM users WHERE id = $1', [gone.id]);
    expect((await get(`/admin/support-messages/${message.id}`)).body).toMatchObject({ user_id: null, username: null, email: 'gone@example.com' });
  });
});
