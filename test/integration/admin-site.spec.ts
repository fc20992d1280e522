// The admin "Site" page's calls: who may use them, a change seen at once by GET /site, by a page the
// server draws (read without JavaScript) and by the e-mails, its audit entry, the colours' contrast
// check, and the logo's upload (checked and re-encoded, served under an address that changes with it)
// and removal.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import type { AdminSiteSettings, SiteConfig } from '#contract/site/answers.js';
import { contrastRefusal, SITE_MESSAGES } from '#contract/site/messages.js';
import { headersOf, rawMailsTo, waitForMails } from '../helpers/accounts.js';
import { linkBuiltClient } from '../helpers/built-client.js';
import { call, createAccounts, type TestAccount } from '../helpers/contest-fixtures.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

const CHANGE = {
  site_name: 'Fright Night',
  accent_color: '#1D4ED8',
  background_color: '#0b1020',
  charity_name: 'The Night Fund',
  charity_beneficiary: 'a local animal shelter',
  charity_share: 40,
  charity_url: 'https://night-fund.example.org',
  mail_sender_name: 'Fright Night Team',
};

describe('the admin Site page', () => {
  let t: TestServer;
  let organizer: TestAccount;
  let owner: TestAccount;
  let moderator: TestAccount;
  let fan: TestAccount;

  const as = (who: TestAccount | null, method: string, p: string, body?: unknown) => call(t, method, p, who?.token ?? null, body);
  const site = async (): Promise<SiteConfig> => (await (await fetch(`${t.api}/site`)).json()) as SiteConfig;
  const auditEntries = async (action: string) =>
    (await t.db.pool.query('SELECT actor_username, target_type, before, after FROM admin_audit_log WHERE action = $1 ORDER BY id', [action])).rows;
  const uploadLogo = (who: TestAccount, data: Buffer, name: string, type: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)], { type }), name);
    return fetch(`${t.api}/admin/site/logo`, { method: 'POST', headers: { authorization: `Bearer ${who.token}` }, body: form });
  };

  beforeAll(async () => {
    const cwd = await mkdtemp(path.join(process.env.TEST_ROOT ?? tmpdir(), 'site-'));
    await linkBuiltClient(cwd);
    t = await startTestServer({ SERVE_CLIENT: 'true', PRODUCT_NAME: 'ScreamStage', MAIL_FROM: 'ScreamStage <no-reply@stage.example>' }, { cwd });
    [organizer] = await createAccounts(t, 'site_org', 1, 'organizer');
    [owner] = await createAccounts(t, 'site_owner', 1, 'admin');
    [moderator] = await createAccounts(t, 'site_mod', 1, 'moderator');
    [fan] = await createAccounts(t, 'site_fan', 1);
  }, 180_000);
  afterAll(async () => {
    await t?.stop();
  });

  it('should be for organizers and owners: moderators and fans are refused, visitors asked to sign in', async () => {
    for (const who of [moderator, fan]) {
      expect((await as(who, 'GET', '/admin/site')).status).toBe(403);
      expect((await as(who, 'PUT', '/admin/site', CHANGE)).status).toBe(403);
      expect((await as(who, 'DELETE', '/admin/site/logo')).status).toBe(403);
      expect((await uploadLogo(who, Buffer.from('x'), 'a.png', 'image/png')).status).toBe(403);
    }
    expect((await as(null, 'GET', '/admin/site')).status).toBe(401);
    expect((await as(owner, 'GET', '/admin/site')).status).toBe(200);
    const res = await as(organizer, 'GET', '/admin/site');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      site_name: 'ScreamStage',
      logo_url: null,
      accent_color: '#e11d2a',
      background_color: '#050505',
      mail_sender_name: 'ScreamStage',
      mail_from_address: 'no-reply@stage.example',
    });
  });

  it('should show a saved change at once: GET /site, a page drawn without JavaScript, the e-mails, and the audit log names who made it', async () => {
    expect((await site()).product_name).toBe('ScreamStage');
    const before = await (await fetch(`${t.baseUrl}/`)).text();
    expect(before).toContain('--color-blood-500:#e11d2a');

    const res = await as(organizer, 'PUT', '/admin/site', CHANGE);
    expect(res.status).toBe(200);
    const saved = (await res.json()) as AdminSiteSettings;
    expect(saved).toMatchObject({ ...CHANGE, accent_color: '#1d4ed8' });

    expect(await site()).toMatchObject({
      product_name: 'Fright Night',
      accent_color: '#1d4ed8',
      background_color: '#0b1020',
      charity_name: 'The Night Fund',
      charity_beneficiary: 'a local animal shelter',
      charity_share: 40,
      charity_url: 'https://night-fund.example.org',
    });

    // The landing page as a browser without JavaScript gets it: drawn by the server, with the site's look.
    const page = await fetch(`${t.baseUrl}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<meta name="application-name" content="Fright Night">');
    expect(html).toContain('--color-blood-500:#1d4ed8');
    expect(html).toContain('--color-night-950:#0b1020');
    expect(html).toContain('<meta name="theme-color" content="#0b1020"');
    expect(html).toMatch(/<title>[^<]*Fright Night[^<]*<\/title>/);
    expect(html).toContain('Fright Night home');
    expect(html).not.toContain('ScreamStage home');

    // The e-mails name the site and come from its sender name, at MAIL_FROM's address.
    expect((await call(t, 'POST', '/auth/forgot-password', null, { email: `${fan.username}@example.com` })).status).toBe(200);
    const [mail] = await waitForMails(t.dataDir, `${fan.username}@example.com`);
    expect(mail).toContain('Fright Night');
    const [raw] = await rawMailsTo(t.dataDir, `${fan.username}@example.com`);
    expect(headersOf(raw).from).toBe('Fright Night Team <no-reply@stage.example>');

    const [entry] = await auditEntries('site.settings');
    expect(entry).toEqual({
      actor_username: organizer.username,
      target_type: 'site',
      before: {
        site_name: 'ScreamStage',
        accent_color: '#e11d2a',
        background_color: '#050505',
        charity_name: 'our partner charity',
        charity_beneficiary: "a children's toy-drive foundation",
        charity_share: 100,
        charity_url: null,
        mail_sender_name: 'ScreamStage',
      },
      after: { ...CHANGE, accent_color: '#1d4ed8' },
    });

    // Saving the same again changes nothing and records nothing.
    expect((await as(organizer, 'PUT', '/admin/site', CHANGE)).status).toBe(200);
    expect(await auditEntries('site.settings')).toHaveLength(1);
    // Only what changed is recorded.
    expect((await as(owner, 'PUT', '/admin/site', { ...CHANGE, charity_share: 55 })).status).toBe(200);
    expect((await auditEntries('site.settings'))[1]).toEqual({
      actor_username: owner.username,
      target_type: 'site',
      before: { charity_share: 40 },
      after: { charity_share: 55 },
    });
  });

  it('should refuse colours that leave a pair of the palette hard to read, naming the pair and its ratio, and change nothing', async () => {
    const light = await as(organizer, 'PUT', '/admin/site', { ...CHANGE, background_color: '#ffffff' });
    expect(light.status).toBe(400);
    expect(await light.json()).toEqual({ detail: contrastRefusal('Text on the background', '1.1') });
    const yellow = await as(organizer, 'PUT', '/admin/site', { ...CHANGE, accent_color: '#ffe600' });
    expect(yellow.status).toBe(400);
    expect(((await yellow.json()) as { detail: string }).detail).toMatch(/^Button text on the accent would be hard to read: its contrast is \d\.\d:1/);
    expect((await site()).background_color).toBe('#0b1020');
    expect((await site()).accent_color).toBe('#1d4ed8');
  });

  it('should refuse invalid fields with a message per field', async () => {
    const res = await as(organizer, 'PUT', '/admin/site', {
      ...CHANGE,
      site_name: ' ',
      accent_color: 'red',
      charity_share: 101,
      charity_url: 'http://plain.example.org',
    });
    expect(res.status).toBe(422);
    const { detail } = (await res.json()) as { detail: { loc: string[]; msg: string }[] };
    expect(Object.fromEntries(detail.map((d) => [d.loc[1], d.msg]))).toEqual({
      site_name: SITE_MESSAGES.siteNameRequired,
      accent_color: SITE_MESSAGES.colorInvalid,
      charity_share: SITE_MESSAGES.charityShareInvalid,
      charity_url: SITE_MESSAGES.charityUrlInvalid,
    });
    const header = await as(organizer, 'PUT', '/admin/site', { ...CHANGE, mail_sender_name: 'Evil <x@y>' });
    expect(header.status).toBe(422);
  });

  it('should take a logo re-encoded under an address that changes with it and is cached for good, refuse what is no picture, and remove it', async () => {
    // A PNG with text chunks and no compression: what is served is the re-encoded picture, not these bytes.
    const uploaded = await sharp({ create: { width: 240, height: 80, channels: 4, background: { r: 200, g: 30, b: 40, alpha: 1 } } })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-exif-note' } } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const res = await uploadLogo(organizer, uploaded, 'logo.png', 'image/png');
    expect(res.status).toBe(200);
    const { logo_url: url } = (await res.json()) as AdminSiteSettings;
    expect(url).toMatch(/^\/uploads\/site\/logo-[0-9a-f]{20}\.png$/);
    expect((await site()).logo_url).toBe(url);

    const served = await fetch(`${t.baseUrl}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toContain('immutable');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.equals(uploaded)).toBe(false);
    expect(bytes.includes(Buffer.from('secret-exif-note'))).toBe(false);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 240, height: 80 });

    // Another picture: another address; the old file goes.
    const other = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#222222' } })
      .jpeg()
      .toBuffer();
    const next = (await (await uploadLogo(owner, other, 'logo.jpg', 'image/jpeg')).json()) as AdminSiteSettings;
    expect(next.logo_url).toMatch(/^\/uploads\/site\/logo-[0-9a-f]{20}\.jpg$/);
    expect((await fetch(`${t.baseUrl}${url}`)).status).toBe(404);

    // Text claiming to be a PNG, and no file at all.
    const fake = await uploadLogo(organizer, Buffer.from('<svg onload="alert(1)"></svg>'), 'logo.png', 'image/png');
    expect(fake.status).toBe(400);
    expect(await fake.json()).toEqual({ detail: SITE_MESSAGES.logoBadType });
    const empty = await fetch(`${t.api}/admin/site/logo`, { method: 'POST', headers: { authorization: `Bearer ${organizer.token}` }, body: new FormData() });
    expect(empty.status).toBe(400);
    expect((await site()).logo_url).toBe(next.logo_url);

    const removed = await as(organizer, 'DELETE', '/admin/site/logo');
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as AdminSiteSettings).logo_url).toBeNull();
    expect((await site()).logo_url).toBeNull();
    expect((await fetch(`${t.baseUrl}${next.logo_url}`)).status).toBe(404);

    expect((await auditEntries('site.logo')).map((e) => [e.actor_username, e.before.logo_url, e.after.logo_url])).toEqual([
      [organizer.username, null, url],
      [owner.username, url, next.logo_url],
      [organizer.username, next.logo_url, null],
    ]);
  });
});
