import { beforeEach, describe, expect, it } from '@jest/globals';
import { waitFor, within } from '@testing-library/react';
import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '#contract/webhooks/answers';
import { WEBHOOK_MESSAGES } from '#contract/webhooks/messages';
import { paths } from '@/lib/paths';
import { SITE } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { mockNetwork, type RecordedRequest, type Reply, type Responder } from '@/testing/server';
import { staffToken } from '@/testing/tokens';

const LIST = 'GET /api/v1/admin/webhooks';
const CREATE = 'POST /api/v1/admin/webhooks';
const UPDATE = 'PUT /api/v1/admin/webhooks/:id';
const ROTATE = 'POST /api/v1/admin/webhooks/:id/rotate-secret';
const DELETE = 'DELETE /api/v1/admin/webhooks/:id';
const LOG = 'GET /api/v1/admin/webhooks/:id/deliveries';
const ATTEMPTS = 'GET /api/v1/admin/webhooks/:id/deliveries/:deliveryId/attempts';
const REDELIVER = 'POST /api/v1/admin/webhooks/:id/deliveries/:deliveryId/redeliver';
const TEST = 'POST /api/v1/admin/webhooks/:id/test';

const SECRET = `whsec_${'A'.repeat(43)}=`;
const NEW_SECRET = `whsec_${'B'.repeat(43)}=`;

const endpoint = (id: number, fields: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id,
  url: `https://crm.example/hooks/${id}`,
  description: 'The CRM',
  events: ['round.closed', 'contest.won'],
  enabled: true,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  ...fields,
});

const delivery = (id: number, fields: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id,
  event_id: `evt_round.closed_${id}`,
  event_type: 'round.closed',
  status: 'succeeded',
  attempts: 1,
  response_status: 204,
  latency_ms: 42,
  error: null,
  next_attempt_at: null,
  manual: false,
  redacted: false,
  created_at: '2026-11-21T10:00:00Z',
  updated_at: '2026-11-21T10:00:01Z',
  ...fields,
});

const attempt = (n: number, fields: Partial<WebhookAttempt> = {}): WebhookAttempt => ({
  attempt: n,
  at: `2026-11-21T10:0${n}:00Z`,
  response_status: 500,
  latency_ms: 10 * n,
  error: 'HTTP 500',
  ...fields,
});

let endpoints: WebhookEndpoint[] = [];

function create(call: RecordedRequest): Reply {
  const body = call.body as { url: string; description: string; events: WebhookEndpoint['events']; enabled: boolean };
  if (body.url.startsWith('https://10.'))
    return { status: 422, body: { detail: [{ loc: ['body', 'url'], msg: WEBHOOK_MESSAGES.privateAddress, type: 'value_error.url' }] } };
  const made = endpoint(10 + endpoints.length, { url: body.url, description: body.description, events: body.events, enabled: body.enabled });
  endpoints = [...endpoints, made];
  return { status: 201, body: { ...made, secret: SECRET } };
}

function open(routes: Record<string, Responder> = {}, token = staffToken('owner')) {
  localStorage.setItem('token', token);
  const net = mockNetwork({
    'GET /api/v1/site': { body: SITE },
    [LIST]: () => ({ body: { items: endpoints } }),
    [CREATE]: create,
    [UPDATE]: (call) => {
      const id = Number(call.path.split('/').at(-1));
      endpoints = endpoints.map((e) => (e.id === id ? { ...e, ...(call.body as object) } : e));
      return { body: endpoints.find((e) => e.id === id) };
    },
    [ROTATE]: (call) => ({ body: { ...endpoints.find((e) => e.id === Number(call.path.split('/').at(-2)))!, secret: NEW_SECRET } }),
    [DELETE]: (call) => {
      endpoints = endpoints.filter((e) => e.id !== Number(call.path.split('/').at(-1)));
      return { body: { message: WEBHOOK_MESSAGES.deleted } };
    },
    [LOG]: { body: { items: [delivery(2, { status: 'retrying', attempts: 3, response_status: 500, error: 'HTTP 500' }), delivery(1)] } },
    [REDELIVER]: { status: 201, body: delivery(3, { status: 'pending', attempts: 0, manual: true }) },
    [TEST]: { status: 201, body: delivery(4, { event_type: 'webhook.test', status: 'pending', attempts: 0, manual: true }) },
    ...routes,
  });
  return { ...renderApp(paths.admin.webhooks()), net };
}

describe('AdminWebhooksPage', () => {
  beforeEach(() => {
    localStorage.clear();
    endpoints = [endpoint(1)];
  });

  it('should list the endpoints with their events and state, and say so when there are none', async () => {
    const app = open();
    expect(await app.screen.findByRole('heading', { name: 'Webhooks', level: 1 })).toBeInTheDocument();
    const card = (await app.screen.findByRole('heading', { name: 'https://crm.example/hooks/1', level: 3 })).closest('article')!;
    expect(within(card).getByText('The CRM')).toBeInTheDocument();
    expect(
      within(within(card).getByRole('list', { name: 'Events' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['round.closed', 'contest.won']);
    expect(within(card).getByText('Enabled')).toBeInTheDocument();
    expect(app.screen.queryByTestId('webhook-secret')).not.toBeInTheDocument();
  });

  it('should show the empty state, and an error with Try Again when the list cannot be loaded', async () => {
    endpoints = [];
    const empty = open();
    expect(await empty.screen.findByText("No webhook endpoints yet. Add one below to receive the site's events.")).toBeInTheDocument();
    empty.unmount();
    let fail = true;
    const failing = open({ [LIST]: () => (fail ? { status: 500, body: { detail: 'Database unavailable' } } : { body: { items: [endpoint(1)] } }) });
    expect(await failing.screen.findByRole('alert')).toHaveTextContent('Could not load the webhook endpoints: Database unavailable');
    fail = false;
    await failing.user.click(failing.screen.getByRole('button', { name: 'Try Again' }));
    expect(await failing.screen.findByRole('heading', { name: 'https://crm.example/hooks/1', level: 3 })).toBeInTheDocument();
  });

  it('should register an endpoint with the chosen events, show its secret once with Copy, and hide it for good with Done', async () => {
    const app = open();
    await app.screen.findByRole('heading', { name: 'https://crm.example/hooks/1', level: 3 });
    const form = app.screen.getByRole('heading', { name: 'Add an endpoint' }).closest('section')!;
    // Nothing chosen: refused before any request, each problem at its field.
    await app.user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText(WEBHOOK_MESSAGES.urlInvalid)).toBeInTheDocument();
    expect(within(form).getByText(WEBHOOK_MESSAGES.eventsRequired)).toBeInTheDocument();
    expect(app.net.requestsTo('POST', '/api/v1/admin/webhooks')).toHaveLength(0);

    await app.user.type(within(form).getByLabelText('Endpoint URL'), 'https://hooks.example/in');
    await app.user.type(within(form).getByLabelText('Description'), 'Zapier');
    await app.user.click(within(form).getByRole('checkbox', { name: /A contestant joined a contest/ }));
    await app.user.click(within(form).getByRole('checkbox', { name: /A payment was credited/ }));
    await app.user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() => expect(app.net.requestsTo('POST', '/api/v1/admin/webhooks')).toHaveLength(1));
    expect(app.net.requestsTo('POST', '/api/v1/admin/webhooks')[0].body).toEqual({
      url: 'https://hooks.example/in',
      description: 'Zapier',
      events: ['contestant.joined', 'payment.credited'],
      enabled: true,
    });
    expect(await app.screen.findByTestId('webhook-secret')).toHaveTextContent(SECRET);
    expect(app.screen.getByRole('heading', { name: 'Signing secret for https://hooks.example/in' })).toHaveFocus();
    await app.user.click(app.screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    await app.user.click(app.screen.getByRole('button', { name: 'Done' }));
    expect(app.screen.queryByTestId('webhook-secret')).not.toBeInTheDocument();
    expect(await app.screen.findByRole('heading', { name: 'https://hooks.example/in', level: 3 })).toBeInTheDocument();
  });

  it("should show the server's refusal of an address at its field", async () => {
    const app = open();
    const form = (await app.screen.findByRole('heading', { name: 'Add an endpoint' })).closest('section')!;
    await app.user.type(within(form).getByLabelText('Endpoint URL'), 'https://10.0.0.8/in');
    await app.user.click(within(form).getByRole('checkbox', { name: /A round closed/ }));
    await app.user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText(WEBHOOK_MESSAGES.privateAddress)).toBeInTheDocument();
    expect(within(form).getByLabelText('Endpoint URL')).toHaveAttribute('aria-invalid', 'true');
  });

  it('should rotate a secret and delete an endpoint only after a confirmation, from the keyboard too', async () => {
    const app = open();
    await app.screen.findByRole('heading', { name: 'https://crm.example/hooks/1', level: 3 });
    app.screen.getByRole('button', { name: 'Rotate the secret of https://crm.example/hooks/1' }).focus();
    await app.user.keyboard('{Enter}');
    const rotate = await app.screen.findByRole('dialog', { name: 'Rotate this secret?' });
    // Cancel has the focus first: Enter at once changes nothing.
    expect(within(rotate).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await app.user.click(within(rotate).getByRole('button', { name: 'Rotate' }));
    expect(await app.screen.findByTestId('webhook-secret')).toHaveTextContent(NEW_SECRET);
    expect(app.net.requestsTo('POST', '/api/v1/admin/webhooks/1/rotate-secret')).toHaveLength(1);

    await app.user.click(app.screen.getByRole('button', { name: 'Delete https://crm.example/hooks/1' }));
    const confirm = await app.screen.findByRole('dialog', { name: 'Delete this endpoint?' });
    await app.user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(app.net.requestsTo('DELETE', '/api/v1/admin/webhooks/1')).toHaveLength(0);
    await app.user.click(app.screen.getByRole('button', { name: 'Delete https://crm.example/hooks/1' }));
    await app.user.click(within(await app.screen.findByRole('dialog', { name: 'Delete this endpoint?' })).getByRole('button', { name: 'Delete' }));
    expect(await app.screen.findByText("No webhook endpoints yet. Add one below to receive the site's events.")).toBeInTheDocument();
  });

  it('should open the delivery log with each status, attempts, answer and latency, and redeliver a line', async () => {
    const app = open();
    await app.screen.findByRole('heading', { name: 'https://crm.example/hooks/1', level: 3 });
    const toggle = app.screen.getByRole('button', { name: 'Delivery log' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await app.user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const table = await app.screen.findByRole('table', { name: 'Deliveries to https://crm.example/hooks/1' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 5)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['round.closed', 'Retrying', '3', '500', '42 ms'],
      ['round.closed', 'Succeeded', '1', '204', '42 ms'],
    ]);
    await app.user.click(within(rows[0]).getByRole('button', { name: 'Redeliver round.closed (delivery 2)' }));
    await waitFor(() => expect(app.net.requestsTo('POST', '/api/v1/admin/webhooks/1/deliveries/2/redeliver')).toHaveLength(1));

    await app.user.click(app.screen.getByRole('button', { name: 'Send a test event to https://crm.example/hooks/1' }));
    await waitFor(() => expect(app.net.requestsTo('POST', '/api/v1/admin/webhooks/1/test')).toHaveLength(1));
  });

  it('should mark a delivery whose body went with a deleted account, and not offer to send it again', async () => {
    const app = open({ [LOG]: { body: { items: [delivery(5, { redacted: true }), delivery(1)] } } });
    await app.screen.findByRole('heading', { name: 'https://crm.example/hooks/1', level: 3 });
    await app.user.click(app.screen.getByRole('button', { name: 'Delivery log' }));
    const table = await app.screen.findByRole('table', { name: 'Deliveries to https://crm.example/hooks/1' });
    const [redacted, kept] = within(table).getAllByRole('row').slice(1);
    expect(within(redacted).getAllByRole('cell')[0]).toHaveTextContent('round.closed(body removed: it named a deleted account)');
    expect(within(redacted).getByRole('button', { name: 'Redeliver round.closed (delivery 5)' })).toBeDisabled();
    expect(within(kept).getByRole('button', { name: 'Redeliver round.closed (delivery 1)' })).toBeEnabled();
  });

  it("should open a delivery's attempts under its line from the keyboard, each with its answer or error and latency, and close them", async () => {
    let failAttempts = true;
    const app = open({
      [ATTEMPTS]: (call) => {
        const deliveryId = Number(call.path.split('/').at(-2));
        if (deliveryId === 1) return failAttempts ? { status: 500, body: { detail: 'Database unavailable' } } : { body: { items: [] } };
        return {
          body: {
            items: [
              attempt(1),
              attempt(2, { response_status: null, latency_ms: 3000, error: 'Timed out' }),
              attempt(3, { response_status: 502, error: 'HTTP 502' }),
            ],
          },
        };
      },
    });
    await app.screen.findByRole('heading', { name: 'https://crm.example/hooks/1', level: 3 });
    await app.user.click(app.screen.getByRole('button', { name: 'Delivery log' }));
    const log = await app.screen.findByRole('table', { name: 'Deliveries to https://crm.example/hooks/1' });
    const toggle = within(log).getByRole('button', { name: '3 attempts of round.closed (delivery 2)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(app.net.requestsTo('GET', '/api/v1/admin/webhooks/1/deliveries/2/attempts')).toHaveLength(0);
    toggle.focus();
    await app.user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const attempts = await app.screen.findByRole('table', { name: 'Attempts of delivery 2' });
    expect(toggle.getAttribute('aria-controls')).toBe(attempts.closest('tr[id]')!.id);
    expect(
      within(attempts)
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .filter((_, i) => i !== 1)
            .map((c) => c.textContent),
        ),
    ).toEqual([
      ['1', '500', '10 ms'],
      ['2', 'Timed out', '3,000 ms'],
      ['3', '502', '30 ms'],
    ]);
    await app.user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(app.screen.queryByRole('table', { name: 'Attempts of delivery 2' })).not.toBeInTheDocument();

    // A line whose attempts cannot be loaded says so, with Try Again; then none yet.
    await app.user.click(within(log).getByRole('button', { name: '1 attempt of round.closed (delivery 1)' }));
    expect(await app.screen.findByText('Could not load the attempts: Database unavailable')).toBeInTheDocument();
    failAttempts = false;
    await app.user.click(within(log).getByRole('button', { name: 'Try Again' }));
    expect(await app.screen.findByText('No attempts yet: the first one is queued.')).toBeInTheDocument();
  });

  it('should turn an endpoint off and on', async () => {
    const app = open();
    await app.user.click(await app.screen.findByRole('button', { name: 'Disable https://crm.example/hooks/1' }));
    await waitFor(() => expect(app.net.requestsTo('PUT', '/api/v1/admin/webhooks/1')[0]?.body).toEqual({ enabled: false }));
    expect(await app.screen.findByText('Disabled')).toBeInTheDocument();
    expect(app.screen.getByRole('button', { name: 'Enable https://crm.example/hooks/1' })).toBeInTheDocument();
  });
});
