import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, waitFor, within } from '@testing-library/react';
import { ADMIN_PAYMENT_MESSAGES as M } from '#contract/payments/messages';
import { NOT_FOUND_MESSAGES } from '#contract/common/messages';
import type { AdminPaymentItem, AdminPaymentsPage, PaymentReconciliation } from '#contract/payments/answers';
import { formatDateTime } from '@/lib/dates';
import { files } from '@/lib/download';
import { paths } from '@/lib/paths';
import { readText } from '@/testing/blobs';
import { adminToken, deferred } from '@/testing/contest-fixtures';
import { makeToken } from '@/testing/tokens';
import { mockNetwork, type Reply, type RecordedRequest } from '@/testing/server';
import { SITE } from '@/testing/fixtures';
import { currentPath, renderApp } from '@/testing/render-app';
import { activateLocale } from '@/lib/i18n/i18n';

const LIST = 'GET /api/v1/admin/payments';
const RECON = 'GET /api/v1/admin/payments/reconciliation';
const EXPORT = 'GET /api/v1/admin/payments/export';

const makePayment = (n: number, over: Partial<AdminPaymentItem> = {}): AdminPaymentItem => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  created_at: new Date(Date.UTC(2030, 0, 1, 12, 0) - n * 60_000).toISOString(),
  credited_at: null,
  status: 'credited',
  provider: 'stripe',
  method: 'stripe',
  provider_ref: `cs_${n}`,
  profile_id: 7,
  entry_id: 31,
  contest_id: 1,
  username: `ghoul${n}`,
  payer_name: null,
  payer_email: `fan${n}@example.com`,
  amount_minor: 1000,
  currency: 'USD',
  package_id: 1,
  votes: 12,
  base_votes: 10,
  ...over,
});

const OK: PaymentReconciliation = {
  ok: true,
  checked_at: '2030-01-01T12:00:00.000Z',
  credited_votes: 82,
  ledger_paid_votes: 82,
  entries_paid_votes: 82,
  profiles_paid_votes: 82,
  deleted_entry_votes: 0,
  deleted_profile_votes: 0,
  mismatched_payments: [],
  problems: [],
  stuck: [],
};

const all = Array.from({ length: 25 }, (_, i) => makePayment(i + 1, i === 1 ? { status: 'paid', provider: 'paypal', method: 'paypal' } : {}));
all[0] = makePayment(1, { provider: 'test', method: 'paypal', payer_name: 'Jane Doe', amount_minor: 5000, votes: 70, username: 'vera' });

/** A fake server filter and page over `all`, answering the totals of what matches. */
function list(call: RecordedRequest): Reply {
  const params = new URL(call.url, 'http://x').searchParams;
  const skip = Number(params.get('skip') ?? 0);
  const limit = Number(params.get('limit') ?? 20);
  const hits = all.filter(
    (p) => (!params.get('status') || p.status === params.get('status')) && (!params.get('provider') || p.provider === params.get('provider')),
  );
  const credited = hits.filter((p) => p.status === 'credited');
  const body: AdminPaymentsPage = {
    items: hits.slice(skip, skip + limit),
    totals: {
      count: hits.length,
      credited_amounts: [{ currency: 'USD', amount_minor: credited.reduce((s, p) => s + p.amount_minor, 0) }],
      credited_votes: credited.reduce((s, p) => s + p.votes, 0),
    },
  };
  return { body, headers: { 'x-total-count': String(hits.length) } };
}

function open(routes: Record<string, Reply | ((call: RecordedRequest) => Reply | Promise<Reply>)> = {}, path = paths.admin.payments()) {
  const net = mockNetwork({ 'GET /api/v1/site': { body: SITE }, [LIST]: list, [RECON]: { body: OK }, ...routes });
  return { ...renderApp(path), net };
}

const listUrls = (net: ReturnType<typeof open>['net']) => net.requests.map((r) => r.url).filter((u) => u.startsWith('/api/v1/admin/payments?'));

describe('AdminPaymentsPage', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', adminToken());
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('should list payments with time, contestant link, payer, provider, amount, votes and status, and the totals', async () => {
    const app = open();
    expect(await app.screen.findByRole('heading', { name: 'Payments', level: 1 })).toBeInTheDocument();
    const table = await app.screen.findByRole('table', { name: 'Payments' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Time', 'Contestant', 'Payer', 'Provider', 'Amount', 'Votes', 'Status']);
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 20);

    const first = within(table).getAllByRole('row')[1];
    const cells = within(first)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([formatDateTime(all[0].created_at), '@vera', 'Jane Doefan1@example.com', 'Test mode(PayPal)', '$50.00', '70', 'Credited']);
    expect(within(first).getByRole('link', { name: '@vera' })).toHaveAttribute('href', paths.profile('vera'));
    expect(within(within(table).getAllByRole('row')[2]).getByText('Paid')).toBeInTheDocument();

    const totals = app.screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('Payments').nextSibling).toHaveTextContent('25');
    expect(within(totals).getByText('Credited amount').nextSibling).toHaveTextContent('$280.00');
    expect(within(totals).getByText('Credited votes').nextSibling).toHaveTextContent('346');
    expect(app.screen.getByText('25 payments · Page 1 of 2')).toBeInTheDocument();
    expect(listUrls(app.net)).toEqual(['/api/v1/admin/payments?skip=0&limit=20']);
  });

  it('should filter by status and provider through the address, back to page 1, and page on', async () => {
    const app = open({}, paths.admin.payments({ query: { page: 2 } }));
    expect(await app.screen.findByText('25 payments · Page 2 of 2')).toBeInTheDocument();

    await app.user.selectOptions(app.screen.getByLabelText('Status'), 'credited');
    await waitFor(() => expect(currentPath(app.router)).toBe(paths.admin.payments({ query: { status: 'credited' } })));
    expect(await app.screen.findByText('24 payments · Page 1 of 2')).toBeInTheDocument();

    await app.user.selectOptions(app.screen.getByLabelText('Provider'), 'test');
    await waitFor(() => expect(currentPath(app.router)).toBe(paths.admin.payments({ query: { status: 'credited', provider: 'test' } })));
    expect(await app.screen.findByText('1 payment · Page 1 of 1')).toBeInTheDocument();
    expect(within(app.screen.getByRole('region', { name: 'Totals' })).getByText('Matching payments')).toBeInTheDocument();

    await app.user.selectOptions(app.screen.getByLabelText('Status'), '');
    await waitFor(() => expect(currentPath(app.router)).toBe(paths.admin.payments({ query: { provider: 'test' } })));
    expect(listUrls(app.net)).toEqual([
      '/api/v1/admin/payments?skip=20&limit=20',
      '/api/v1/admin/payments?skip=0&limit=20&status=credited',
      '/api/v1/admin/payments?skip=0&limit=20&status=credited&provider=test',
      '/api/v1/admin/payments?skip=0&limit=20&provider=test',
    ]);
  });

  it('should leave expired checkouts out by default, and show them when the status filter asks (Expired, or All, with expired)', async () => {
    const live = makePayment(1, { status: 'created' });
    const expired = makePayment(2, { status: 'expired', username: 'late' });
    const refunding = makePayment(3, { status: 'refunding', username: 'gone' });
    const byStatus: Record<string, AdminPaymentItem[]> = { '': [live, refunding], expired: [expired], all: [live, expired, refunding] };
    const app = open({
      [LIST]: (call) => {
        const items = byStatus[new URL(call.url, 'http://x').searchParams.get('status') ?? ''] ?? [];
        return {
          body: { items, totals: { count: items.length, credited_amounts: [], credited_votes: 0 } },
          headers: { 'x-total-count': String(items.length) },
        };
      },
    });
    const status = await app.screen.findByLabelText('Status');
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All but expired', 'Created', 'Paid', 'Credited', 'Refunding', 'Refunded', 'Failed', 'Expired', 'All, with expired']);
    const table = await app.screen.findByRole('table', { name: 'Payments' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell').at(-1)!.textContent),
    ).toEqual(['Created', 'Refunding']);

    await app.user.selectOptions(status, 'expired');
    await waitFor(() => expect(currentPath(app.router)).toBe(paths.admin.payments({ query: { status: 'expired' } })));
    expect(await app.screen.findByRole('link', { name: '@late' })).toBeInTheDocument();
    expect(within(app.screen.getByRole('table', { name: 'Payments' })).getByText('Expired')).toBeInTheDocument();

    await app.user.selectOptions(status, 'all');
    await waitFor(() => expect(currentPath(app.router)).toBe(paths.admin.payments({ query: { status: 'all' } })));
    expect(await app.screen.findByText('3 payments · Page 1 of 1')).toBeInTheDocument();
    expect(listUrls(app.net)).toEqual([
      '/api/v1/admin/payments?skip=0&limit=20',
      '/api/v1/admin/payments?skip=0&limit=20&status=expired',
      '/api/v1/admin/payments?skip=0&limit=20&status=all',
    ]);
  });

  it('should read the filters from the address and say when nothing matches, or when there are no payments at all', async () => {
    const filtered = open({}, paths.admin.payments({ query: { status: 'failed' } }));
    expect(await filtered.screen.findByText(M.emptyFiltered)).toBeInTheDocument();
    expect(filtered.screen.getByLabelText('Status')).toHaveValue('failed');
    filtered.unmount();

    const empty = open({
      [LIST]: { body: { items: [], totals: { count: 0, credited_amounts: [], credited_votes: 0 } }, headers: { 'x-total-count': '0' } },
    });
    expect(await empty.screen.findByText(M.empty)).toBeInTheDocument();
    expect(empty.screen.queryByRole('table', { name: 'Payments' })).not.toBeInTheDocument();
  });

  it('should show skeletons while loading, then an error with Try Again', async () => {
    const reply = deferred<Reply>();
    let fail = true;
    const app = open({ [LIST]: (call) => (fail ? reply.promise : list(call)) });
    expect(await app.screen.findByRole('heading', { name: 'Payments', level: 1 })).toBeInTheDocument();
    expect(app.screen.queryByRole('table', { name: 'Payments' })).not.toBeInTheDocument();
    expect(app.screen.getAllByRole('status').some((s) => s.textContent === 'Loading...')).toBe(true);
    reply.release({ status: 500, body: { detail: 'Database unavailable' } });
    expect(await app.screen.findByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await app.user.click(app.screen.getByRole('button', { name: 'Try Again' }));
    expect(await app.screen.findByRole('table', { name: 'Payments' })).toBeInTheDocument();
  });

  it('should export the filtered payments as a CSV file with the token', async () => {
    const save = jest.spyOn(files, 'save').mockImplementation(() => undefined);
    const csv = 'payment_id,created_at\r\nabc,2030-01-01T12:00:00.000Z\r\n';
    const app = open({ [EXPORT]: { body: csv } }, paths.admin.payments({ query: { status: 'credited' } }));
    await app.user.click(await app.screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    const [blob, name] = save.mock.calls[0];
    expect(await readText(blob)).toBe(csv);
    expect(blob.type).toBe('text/csv;charset=utf-8');
    expect(name).toMatch(/^payments-credited-\d{4}-\d{2}-\d{2}\.csv$/);
    const request = app.net.requestsTo('GET', '/api/v1/admin/payments/export')[0];
    expect(request.url).toBe('/api/v1/admin/payments/export?status=credited');
    expect(request.headers.get('authorization')).toBe(`Bearer ${localStorage.getItem('token')}`);
  });

  it('should report a failed export', async () => {
    const save = jest.spyOn(files, 'save').mockImplementation(() => undefined);
    const app = open({ [EXPORT]: { status: 422, body: { detail: 'Export refused' } } });
    await app.user.click(await app.screen.findByRole('button', { name: 'Export CSV' }));
    expect(await app.screen.findByText('Export refused')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('should show the reconciliation as OK with its sums', async () => {
    const app = open();
    const panel = await app.screen.findByRole('region', { name: 'Reconciliation' });
    expect(await within(panel).findByText('OK: the credited payments match the vote ledger and the counters.')).toBeInTheDocument();
    expect(within(panel).getByText("Credited payments' votes").nextSibling).toHaveTextContent('82');
    expect(within(panel).getByText('No payment is waiting to be credited.')).toBeInTheDocument();
  });

  it('should show a failed reconciliation with its problems and the stuck payments, and check again', async () => {
    let result: PaymentReconciliation = {
      ...OK,
      ok: false,
      profiles_paid_votes: 83,
      problems: [
        "The profiles' paid votes sum to 83, but the credited payments of existing profiles to 82.",
        '1 payment is paid at the provider but not credited after 5 minutes.',
      ],
      stuck: [
        {
          id: 'stuck-payment-id',
          created_at: '2030-01-01T11:00:00.000Z',
          provider: 'paypal',
          provider_ref: 'ORDER-9',
          amount_minor: 2500,
          currency: 'USD',
          votes: 30,
          username: 'vera',
        },
      ],
    };
    const app = open({ [RECON]: () => ({ body: result }) });
    const panel = await app.screen.findByRole('region', { name: 'Reconciliation' });
    expect(await within(panel).findByText('Not OK: see the problems below.')).toBeInTheDocument();
    expect(
      within(within(panel).getByRole('list', { name: 'Problems' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(result.problems);
    const stuck = within(panel).getByRole('table', { name: 'Payments paid but not credited' });
    expect(
      within(within(stuck).getAllByRole('row')[1])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([formatDateTime('2030-01-01T11:00:00.000Z'), 'stuck-payment-idORDER-9', '@vera', 'PayPal', '$25.00', '30']);

    result = OK;
    await app.user.click(within(panel).getByRole('button', { name: 'Check again' }));
    expect(await within(panel).findByText('OK: the credited payments match the vote ledger and the counters.')).toBeInTheDocument();
    expect(app.net.requestsTo('GET', '/api/v1/admin/payments/reconciliation')).toHaveLength(2);
  });

  it('should show an error when the reconciliation cannot run', async () => {
    const app = open({ [RECON]: { status: 500, body: {} } });
    const panel = await app.screen.findByRole('region', { name: 'Reconciliation' });
    expect(await within(panel).findByText(M.reconciliationFailed)).toBeInTheDocument();
  });

  it('should be reached from the admin header, and kept from a non-superuser', async () => {
    const app = open({}, paths.admin.contests());
    app.net.requests.length = 0;
    const links = await app.screen.findAllByRole('link', { name: 'Payments' });
    await app.user.click(links[0]);
    expect(await app.screen.findByRole('table', { name: 'Payments' })).toBeInTheDocument();
    expect(currentPath(app.router)).toBe(paths.admin.payments());
    app.unmount();

    localStorage.setItem('token', makeToken({ sub: 'fan', email: 'fan@example.com', is_superuser: false }));
    const fan = open();
    expect(await fan.screen.findByRole('heading', { name: NOT_FOUND_MESSAGES.adminOnlyTitle })).toBeInTheDocument();
    expect(fan.screen.queryByRole('heading', { name: 'Payments', level: 1 })).not.toBeInTheDocument();
    expect(fan.net.requests.filter((r) => r.path.startsWith('/api/v1/admin/payments'))).toEqual([]);
  });
});

describe('AdminPaymentsPage in Brazilian Portuguese', () => {
  beforeEach(async () => {
    localStorage.clear();
    localStorage.setItem('token', adminToken());
    await activateLocale('pt-BR');
  });
  // The page still shown hears the language change: inside act, like any update of a test.
  afterEach(() => act(() => activateLocale('en')));

  it('should name the columns, statuses and totals in Portuguese and write amounts in the app language', async () => {
    const app = open();
    expect(await app.screen.findByRole('heading', { name: 'Pagamentos', level: 1 })).toBeInTheDocument();
    const table = await app.screen.findByRole('table', { name: 'Pagamentos' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Horário', 'Participante', 'Pagador', 'Provedor', 'Valor', 'Votos', 'Situação']);
    const cells = within(within(table).getAllByRole('row')[1])
      .getAllByRole('cell')
      .map((c) => c.textContent?.replace(/\s/g, ' '));
    expect(cells.slice(3)).toEqual(['Modo de teste(PayPal)', 'US$ 50,00', '70', 'Creditado']);
    expect(app.screen.getByRole('region', { name: 'Totais' })).toHaveTextContent('Votos creditados');
    expect(await app.screen.findByText(/OK: os pagamentos creditados conferem/)).toBeInTheDocument();
  });
});
