// The payer's receipt, plain text and simple HTML alike.
import { escapeHtml } from '#server/infra/mail/email-layout.js';
import { formatMoney } from '#contract/payments/currencies.js';
import { donationNotice } from '#contract/payments/messages.js';
import type { EmailMessage } from '#server/infra/mail/mailer.js';

export interface ReceiptContext {
  to: string;
  product: string;
  payerName: string | null;
  contestant: { firstName: string; lastName: string; username: string };
  votes: number;
  baseVotes: number;
  /** In the currency's minor units. */
  amountMinor: number;
  currency: string;
  reference: string;
  testMode: boolean;
  charity: string;
  beneficiary: string;
  profileUrl: string;
}

export function receiptEmail(r: ReceiptContext): EmailMessage {
  // The amount as people write it, and its code, which no symbol leaves in doubt ('$10 USD', '¥1,000 JPY').
  const amount = `${formatMoney(r.amountMinor, r.currency)} ${r.currency}`;
  const name = `${r.contestant.firstName} ${r.contestant.lastName}`.trim() || r.contestant.username;
  const bonus = r.votes - r.baseVotes;
  const lines = [
    `Hi ${r.payerName ?? 'there'},`,
    `Thank you for supporting ${name} (@${r.contestant.username}) on ${r.product}.`,
    `Votes: ${r.baseVotes}${bonus > 0 ? ` + ${bonus} bonus = ${r.votes}` : ''}`,
    `Amount: ${amount}${r.testMode ? ' (TEST MODE: no money was taken)' : ''}`,
    `Reference: ${r.reference}`,
    donationNotice(r.charity, r.beneficiary),
  ];
  return {
    to: r.to,
    subject: `${r.testMode ? '[TEST MODE] ' : ''}Your ${r.product} receipt: ${r.votes} votes for ${name}`,
    text: `${lines.join('\n\n')}\n\n${r.profileUrl}\n`,
    html: `<!doctype html>
<html>
  <body style="font-family: Arial, sans-serif; color: #111; max-width: 560px; margin: 0 auto; padding: 24px;">
    <h2 style="color: #b91c1c;">${escapeHtml(r.product)}</h2>
    ${lines.map((t) => `<p>${escapeHtml(t)}</p>`).join('\n    ')}
    <p><a href="${escapeHtml(r.profileUrl)}">${escapeHtml(r.profileUrl)}</a></p>
  </body>
</html>`,
  };
}
