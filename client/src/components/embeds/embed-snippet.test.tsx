// The embed snippets: a contestant's vote card on the share page and a group's live leaderboard on the
// admin Groups page, each an <iframe> tag with its title, size and lazy loading, options that change it,
// a copy button, and a live preview that frames the same address.
import { beforeEach, describe, expect, it } from '@jest/globals';
import { waitFor, within } from '@testing-library/react';
import { paths } from '@/lib/paths';
import { adminToken, makeContest, makeGroup } from '@/testing/contest-fixtures';
import { SITE } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { mockNetwork } from '@/testing/server';
import { makeToken } from '@/testing/tokens';
import { makeMe } from '@/testing/vote-fixtures';

const origin = () => window.location.origin;

describe('EmbedSnippet', () => {
  beforeEach(() => localStorage.clear());

  it("should give a contestant their vote card's frame on the share page: titled, sized, lazy, with a preview of the same address", async () => {
    localStorage.setItem('token', makeToken({ sub: 'alice' }));
    mockNetwork({ 'GET /api/v1/site': { body: SITE }, 'GET /api/v1/users/me': { body: makeMe('alice') } });
    const app = renderApp(paths.shareSupport());
    const section = await app.screen.findByRole('region', { name: 'Put your vote card on a website' });
    const code = within(section).getByLabelText('Embed code') as HTMLTextAreaElement;
    const src = `${origin()}${paths.embed.voteCard('alice')}`;
    expect(code.value).toBe(`<iframe src="${src}" title="Vote for alice" width="360" height="460" loading="lazy" style="border:0;max-width:100%"></iframe>`);
    const preview = within(section).getByTitle('Vote for alice');
    expect(preview.tagName).toBe('IFRAME');
    expect(preview).toHaveAttribute('src', src);

    // Compact: another address and height, in the code and the preview alike.
    await app.user.click(within(section).getByRole('checkbox', { name: 'Compact (no pictures)' }));
    expect(code.value).toContain(`src="${src}?compact=1"`);
    expect(code.value).toContain('height="300"');
    expect(preview).toHaveAttribute('src', `${src}?compact=1`);
    expect(preview).toHaveAttribute('height', '300');

    // An accent colour of one's own travels as six hex digits.
    await app.user.click(within(section).getByRole('checkbox', { name: 'My own accent colour' }));
    expect(code.value).toContain(`src="${src}?accent=e11d2a&amp;compact=1"`);
    expect(preview).toHaveAttribute('src', `${src}?accent=e11d2a&compact=1`);

    await app.user.click(within(section).getByRole('button', { name: 'Copy embed code' }));
    expect(await navigator.clipboard.readText()).toBe(code.value);
    expect(await app.screen.findByText('Embed code copied')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
  });

  it("should give an organizer each group's live leaderboard frame on the Groups page, the group chosen from a list", async () => {
    localStorage.setItem('token', adminToken());
    mockNetwork({
      'GET /api/v1/site': { body: SITE },
      'GET /api/v1/admin/contests/1': { body: makeContest({ id: 1, name: 'Fright Night', group_capacity: 50 }) },
      'GET /api/v1/admin/contests/1/groups': {
        body: [makeGroup({ id: 5, group_number: 1 }), makeGroup({ id: 6, group_number: 2 })],
        headers: { 'x-total-count': '2' },
      },
    });
    const app = renderApp(paths.admin.contestGroups(1));
    const section = await app.screen.findByRole('region', { name: 'Embed a live leaderboard' });
    const code = within(section).getByLabelText('Embed code') as HTMLTextAreaElement;
    expect(code.value).toBe(
      `<iframe src="${origin()}${paths.embed.leaderboard(5)}" title="Group 1 live leaderboard" width="420" height="560" loading="lazy" style="border:0;max-width:100%"></iframe>`,
    );
    expect(within(section).getByRole('link', { name: 'Site page' })).toHaveAttribute('href', paths.admin.site());

    await app.user.selectOptions(within(section).getByLabelText('Group'), 'Group 2');
    await waitFor(() => expect(code).not.toBeInTheDocument());
    const next = within(section).getByLabelText('Embed code') as HTMLTextAreaElement;
    expect(next.value).toContain(`src="${origin()}${paths.embed.leaderboard(6)}"`);
    expect(next.value).toContain('title="Group 2 live leaderboard"');
    expect(within(section).getByTitle('Group 2 live leaderboard')).toHaveAttribute('src', `${origin()}${paths.embed.leaderboard(6)}`);
  });
});
