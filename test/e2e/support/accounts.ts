// Accounts for browser tests, made through the public API the way the pages make them.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { api, runningContest, tokenOf } from './api.js';
import { baseUrl } from './browser.js';
import { waitForLink } from './mailbox.js';

export const ADMIN = { username: 'e2e_admin', email: 'e2e-admin@example.test', password: 'e2e-admin-password' };

export interface Contestant {
  username: string;
  email: string;
  password: string;
}

/** Registers a contestant with one picture and opens the verification link from the outbox. */
export async function verifiedContestant(tag: string): Promise<Contestant> {
  const stamp = `${tag}_${Date.now().toString(36)}`;
  const c = { username: `c_${stamp}`.slice(0, 30), email: `${stamp}@example.test`, password: 'contestant-pass-1' };
  const form = new FormData();
  const fields: Record<string, string> = {
    username: c.username,
    first_name: 'Ivy',
    last_name: 'Graves',
    phone_number: '5550001111',
    biography: 'Screams on cue.',
    category: 'Scream Queens',
    email: c.email,
    password: c.password,
    confirm_password: c.password,
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const jpeg = await sharp({ create: { width: 200, height: 260, channels: 3, background: '#551111' } })
    .jpeg()
    .toBuffer();
  form.append('pictures', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'me.jpg');
  const res = await fetch(`${baseUrl()}/api/v1/auth/register-contestant`, { method: 'POST', body: form });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  const link = await waitForLink(c.email, '/verify-email');
  const token = new URL(link).searchParams.get('token');
  const verified = await fetch(`${baseUrl()}/api/v1/auth/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (!verified.ok) throw new Error(`verification failed: ${verified.status}`);
  return c;
}

export async function signIn(page: Page, login: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

/** A verified contestant who has joined a new running contest, with their profile's id and their group. */
export async function contestantInRunningContest(tag: string, contestName: string): Promise<{ contestant: Contestant; profileId: number; groupId: number }> {
  const contestId = await runningContest(await tokenOf(ADMIN.username, ADMIN.password), contestName);
  const contestant = await verifiedContestant(tag);
  await api('POST', '/contestants/join-contest', await tokenOf(contestant.username, contestant.password), { contest_id: contestId });
  const profile = await api('GET', `/contestants/${contestant.username}/`, null);
  return {
    contestant,
    profileId: Number(profile.id),
    groupId: Number((profile.active_contest_entry as { group_id: number }).group_id),
  };
}
