import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUTH_GUARD_MESSAGES } from '#contract/auth/messages.js';
import { SOCIAL_LINK_MESSAGES as S } from '#contract/profiles/messages.js';
import { loginForm, register, validFields, verifiedUser } from '../helpers/accounts.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

interface ErrorItem {
  loc: (string | number)[];
  msg: string;
}

describe('GET and PUT /users/social-links', () => {
  let t: TestServer;
  let ada: string;
  let bea: string;

  const signIn = async (username: string, password: string) => {
    const res = await fetch(`${t.api}/auth/login`, { method: 'POST', body: loginForm(username, password) });
    expect(res.status).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  };
  const auth = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
  const get = (token?: string) => fetch(`${t.api}/users/social-links`, { headers: auth(token) });
  const put = (body: unknown, token?: string) =>
    fetch(`${t.api}/users/social-links`, { method: 'PUT', headers: { ...auth(token), 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const stored = async (username: string) =>
    (await t.db.pool.query('SELECT instagram, tiktok FROM users WHERE username = $1', [username])).rows[0] as {
      instagram: string | null;
      tiktok: string | null;
    };

  beforeAll(async () => {
    t = await startTestServer();
    const a = await verifiedUser(t, 'soc_a');
    const b = await verifiedUser(t, 'soc_b');
    ada = await signIn(a.username, a.password);
    bea = await signIn(b.username, b.password);
  });
  afterAll(async () => {
    await t.stop();
  });

  it('should answer 401 Not authenticated to an anonymous GET and PUT, and change nothing', async () => {
    for (const res of [await get(), await put({ instagram: 'https://instagram.com/intruder' })]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ detail: AUTH_GUARD_MESSAGES.notAuthenticated });
    }
    expect(await stored('user_soc_a')).toEqual({ instagram: null, tiktok: null });
  });

  it('should answer null links for an account that has none', async () => {
    const res = await get(ada);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ instagram: null, tiktok: null });
  });

  it('should save the links as canonical https addresses (www, lower case, no trailing slash), and answer them on GET', async () => {
    const res = await put({ instagram: '  instagram.com/ada.shriek_1/ ', tiktok: 'http://www.tiktok.com/@Ada_Screams/?lang=en' }, ada);
    expect(res.status).toBe(200);
    const links = { instagram: 'https://www.instagram.com/ada.shriek_1', tiktok: 'https://www.tiktok.com/@ada_screams' };
    expect(await res.json()).toEqual(links);
    expect(await stored('user_soc_a')).toEqual(links);
    expect(await (await get(ada)).json()).toEqual(links);
  });

  it.each([
    ['tess.audit', 'tess.audit'],
    ['@tess.audit', '@tess.audit'],
    ['instagram.com/tess.audit', 'tiktok.com/@tess.audit'],
    ['https://www.instagram.com/tess.audit/', 'https://www.tiktok.com/@tess.audit'],
  ])('should take the handle typed as Instagram %p and TikTok %p and store the canonical addresses', async (instagram, tiktok) => {
    const res = await put({ instagram, tiktok }, ada);
    expect(res.status).toBe(200);
    const links = { instagram: 'https://www.instagram.com/tess.audit', tiktok: 'https://www.tiktok.com/@tess.audit' };
    expect(await res.json()).toEqual(links);
    expect(await stored('user_soc_a')).toEqual(links);
  });

  it.each([
    ['instagram', 'https://evil.com/ada', S.instagramInvalid],
    ['instagram', 'https://instagram.com/', S.instagramInvalid],
    ['instagram', 'https://instagram.com/ada/reels', S.instagramInvalid],
    ['instagram', 'ftp://instagram.com/ada', S.instagramInvalid],
    ['instagram', 'https://instagram.com.evil.com/ada', S.instagramInvalid],
    ['instagram', 'https://instagram.com/ada-shriek', S.instagramInvalid],
    ['instagram', 'ada shriek', S.instagramInvalid],
    ['instagram', `@${'a'.repeat(31)}`, S.instagramInvalid],
    ['instagram', 'ada..shriek', S.instagramInvalid],
    ['instagram', `https://instagram.com/${'a'.repeat(200)}`, S.instagramInvalid],
    ['instagram', 42, S.instagramInvalid],
    ['tiktok', 'https://tiktok.com/ada', S.tiktokInvalid],
    ['tiktok', 'https://www.tiktok.com/@', S.tiktokInvalid],
    ['tiktok', 'https://instagram.com/@ada', S.tiktokInvalid],
    ['tiktok', 'tiktok.com/@ada/video/1', S.tiktokInvalid],
    ['tiktok', 'https://vm.tiktok.com/@ada', S.tiktokInvalid],
    ['instagram', 'https://www.instagram.com/explore/', S.instagramInvalid],
    ['tiktok', '@a', S.tiktokInvalid],
    ['tiktok', 'ada.', S.tiktokInvalid],
  ])('should refuse %s %p with 422 and the spec text, keeping the stored links', async (field, value, message) => {
    const before = await stored('user_soc_a');
    const res = await put({ instagram: 'https://instagram.com/valid', tiktok: 'https://tiktok.com/@valid', [field]: value }, ada);
    expect(res.status).toBe(422);
    const body = (await res.json()) as { detail: ErrorItem[] };
    expect(body.detail).toEqual([expect.objectContaining({ loc: ['body', field], msg: message })]);
    expect(await stored('user_soc_a')).toEqual(before);
  });

  it('should name both fields when both are wrong', async () => {
    const res = await put({ instagram: 'no pe', tiktok: 'tiktok.com/nope' }, ada);
    expect(res.status).toBe(422);
    const body = (await res.json()) as { detail: ErrorItem[] };
    expect(body.detail.map((d) => [d.loc[1], d.msg])).toEqual([
      ['instagram', S.instagramInvalid],
      ['tiktok', S.tiktokInvalid],
    ]);
  });

  it('should clear a link sent empty, blank, null or left out', async () => {
    await put({ instagram: 'https://instagram.com/ada', tiktok: 'https://tiktok.com/@ada' }, ada);
    let res = await put({ instagram: '', tiktok: '   ' }, ada);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ instagram: null, tiktok: null });
    expect(await stored('user_soc_a')).toEqual({ instagram: null, tiktok: null });

    await put({ instagram: 'https://instagram.com/ada', tiktok: 'https://tiktok.com/@ada' }, ada);
    res = await put({ instagram: null }, ada);
    expect(res.status).toBe(200);
    expect(await stored('user_soc_a')).toEqual({ instagram: null, tiktok: null });
  });

  it("should change only the caller's own account", async () => {
    await put({ instagram: 'https://instagram.com/bea', tiktok: 'https://tiktok.com/@bea' }, bea);
    const res = await put({ instagram: 'https://instagram.com/ada_again', tiktok: '' }, ada);
    expect(res.status).toBe(200);
    expect(await stored('user_soc_a')).toEqual({ instagram: 'https://www.instagram.com/ada_again', tiktok: null });
    expect(await stored('user_soc_b')).toEqual({ instagram: 'https://www.instagram.com/bea', tiktok: 'https://www.tiktok.com/@bea' });
    expect(await (await get(bea)).json()).toEqual({ instagram: 'https://www.instagram.com/bea', tiktok: 'https://www.tiktok.com/@bea' });
  });

  it('should show the saved links on the public profile and /users/me', async () => {
    await put({ instagram: 'instagram.com/ada_public', tiktok: 'tiktok.com/@ada_public' }, ada);
    const profile = (await (await fetch(`${t.api}/contestants/user_soc_a/`)).json()) as { user: { instagram: string; tiktok: string } };
    expect(profile.user).toMatchObject({ instagram: 'https://www.instagram.com/ada_public', tiktok: 'https://www.tiktok.com/@ada_public' });
    const me = (await (await fetch(`${t.api}/users/me`, { headers: auth(ada) })).json()) as { profile: { user: { instagram: string } } };
    expect(JSON.stringify(me)).toContain('https://www.instagram.com/ada_public');
  });

  it('should check registration links with the same rule and store them canonical, handles included', async () => {
    const bad = await register(t, { ...validFields('soc_c'), instagram: 'https://evil.com/x', tiktok: 'tiktok.com/nope' });
    expect(bad.status).toBe(422);
    const detail = ((await bad.json()) as { detail: ErrorItem[] }).detail;
    expect(detail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ loc: ['body', 'instagram'], msg: S.instagramInvalid }),
        expect.objectContaining({ loc: ['body', 'tiktok'], msg: S.tiktokInvalid }),
      ]),
    );
    const ok = await register(t, { ...validFields('soc_d'), instagram: 'www.instagram.com/dora/', tiktok: 'http://tiktok.com/@dora' });
    expect(ok.status).toBe(201);
    expect(await stored('user_soc_d')).toEqual({ instagram: 'https://www.instagram.com/dora', tiktok: 'https://www.tiktok.com/@dora' });
    // What most people type: the handle, with or without its @.
    const handles = await register(t, { ...validFields('soc_e'), instagram: 'tess.audit', tiktok: '@tess.audit' });
    expect(handles.status).toBe(201);
    expect(await stored('user_soc_e')).toEqual({ instagram: 'https://www.instagram.com/tess.audit', tiktok: 'https://www.tiktok.com/@tess.audit' });
  });
});
