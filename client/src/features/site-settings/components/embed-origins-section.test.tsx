// The admin Site page's "Embeds" section: the list as the server has it (EMBED_ORIGINS until saved), each
// line checked as typed, the saved list as the server stored it, and the server's refusals shown.
import { beforeEach, describe, expect, it } from '@jest/globals';
import { waitFor, within } from '@testing-library/react';
import type { AdminSiteSettings, EmbedOrigins } from '#contract/site/answers';
import { EMBED_MESSAGES as E } from '#contract/site/messages';
import { paths } from '@/lib/paths';
import { adminToken } from '@/testing/contest-fixtures';
import { SITE } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { mockNetwork, type Responder } from '@/testing/server';

const SETTINGS: AdminSiteSettings = {
  site_name: 'ScreamStage',
  logo_url: null,
  accent_color: '#e11d2a',
  background_color: '#050505',
  charity_name: 'our partner charity',
  charity_beneficiary: "a children's toy-drive foundation",
  charity_share: 100,
  charity_url: null,
  mail_sender_name: 'ScreamStage',
  mail_from_address: 'no-reply@stage.example',
  updated_at: '2030-01-01T00:00:00.000Z',
};

function open(routes: Record<string, Responder> = {}) {
  const net = mockNetwork({
    'GET /api/v1/site': { body: SITE },
    'GET /api/v1/admin/site': { body: SETTINGS },
    'GET /api/v1/admin/site/embed-origins': { body: { origins: ['https://organizer.example.org'], from_environment: true } satisfies EmbedOrigins },
    'PUT /api/v1/admin/site/embed-origins': (call) => {
      const { origins } = call.body as { origins: string[] };
      return { body: { origins: origins.map((o) => new URL(o).origin), from_environment: false } satisfies EmbedOrigins };
    },
    ...routes,
  });
  return { ...renderApp(paths.admin.site()), net };
}

describe('EmbedOriginsSection', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', adminToken());
  });

  it('should show the list, say it comes from EMBED_ORIGINS, and save the lines as the server stores them', async () => {
    const app = open();
    const section = await app.screen.findByRole('region', { name: 'Embeds' });
    const field = await within(section).findByRole('textbox', { name: 'Sites that may frame the embeds' });
    expect(field).toHaveValue('https://organizer.example.org');
    expect(within(section).getByText('This list comes from EMBED_ORIGINS until you save one here.')).toBeInTheDocument();

    await app.user.type(field, '\nhttp://127.0.0.1:8080/');
    await app.user.click(within(section).getByRole('button', { name: 'Save Embed Sites' }));
    await waitFor(() => expect(field).toHaveValue('https://organizer.example.org\nhttp://127.0.0.1:8080'));
    expect(app.net.requestsTo('PUT', '/api/v1/admin/site/embed-origins')[0].body).toEqual({
      origins: ['https://organizer.example.org', 'http://127.0.0.1:8080/'],
    });
    expect(await app.screen.findByText(E.saved)).toBeInTheDocument();
    expect(within(section).queryByText(/comes from EMBED_ORIGINS/)).not.toBeInTheDocument();
  });

  it('should name the lines that are no origins as they are typed, and send nothing', async () => {
    const app = open();
    const section = await app.screen.findByRole('region', { name: 'Embeds' });
    const field = await within(section).findByRole('textbox', { name: 'Sites that may frame the embeds' });
    await app.user.type(field, '\nhttps://*.example.org\nhttps://fans.example.net/page');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(within(section).getByText('Not an origin: https://*.example.org, https://fans.example.net/page')).toBeInTheDocument();
    await app.user.click(within(section).getByRole('button', { name: 'Save Embed Sites' }));
    expect(within(section).getByRole('alert')).toHaveTextContent(E.originInvalid);
    expect(app.net.requestsTo('PUT', '/api/v1/admin/site/embed-origins')).toHaveLength(0);
  });

  it("should show the server's refusal", async () => {
    const app = open({
      'PUT /api/v1/admin/site/embed-origins': { status: 422, body: { detail: [{ loc: ['body', 'origins', 0], msg: E.tooManyOrigins, type: 'value_error' }] } },
    });
    const section = await app.screen.findByRole('region', { name: 'Embeds' });
    await within(section).findByRole('textbox', { name: 'Sites that may frame the embeds' });
    await app.user.click(within(section).getByRole('button', { name: 'Save Embed Sites' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(E.tooManyOrigins);
  });

  it('should say when the list cannot be loaded', async () => {
    const app = open({ 'GET /api/v1/admin/site/embed-origins': { status: 500, body: {} } });
    const section = await app.screen.findByRole('region', { name: 'Embeds' });
    expect(await within(section).findByRole('alert')).toHaveTextContent(E.loadFailed);
  });
});
