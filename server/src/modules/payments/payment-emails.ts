// The payer's receipt, plain text and simple HTML alike, in the language the checkout was started in.
import { donationNotice } from '#contract/payments/messages.js';
import { emailPage, escapeHtml } from '#server/infra/mail/email-layout.js';
import type { MailLanguage } from '#server/infra/mail/mail-language.js';
import { LAYOUT_MAIL } from '#server/infra/mail/mail-messages.js';
import type { EmailMessage } from '#server/infra/mail/mailer.js';
import { RECEIPT_MAIL as M } from './mail-messages.js';

export interface ReceiptContext {
  to: string;
  lang: MailLanguage;
  product: string;
  payerName: string | null;
  /** null: the contestant's account was erased, and the receipt names no one. */
  contestant: { firstName: string; lastName: string; username: string } | null;
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
  const { lang } = r;
  // The amount as the payer's language writes it, and its code, which no symbol leaves in doubt ('$10 USD', '¥1,000 JPY').
  const amount = lang.money(r.amountMinor, r.currency);
  const c = r.contestant;
  const name = c ? `${c.firstName} ${c.lastName}`.trim() || c.username : lang.say(M.formerContestant, {});
  const bonus = r.votes - r.baseVotes;
  const votes = lang.count(r.votes);
  const lines = [
    r.payerName === null ? lang.say(M.greeting, {}) : lang.say(LAYOUT_MAIL.greeting, { name: r.payerName }),
    c ? lang.say(M.thanks, { name, username: c.username, product: r.product }) : lang.say(M.thanksFormer, { product: r.product }),
    bonus > 0 ? lang.say(M.votesWithBonus, { base: lang.count(r.baseVotes), bonus: lang.count(bonus), votes }) : lang.say(M.votes, { votes }),
    lang.say(r.testMode ? M.testModeAmount : M.amount, { amount }),
    lang.say(M.reference, { reference: r.reference }),
    lang.contractText(donationNotice(r.charity, r.beneficiary)),
  ];
  return {
    to: r.to,
    subject: lang.say(r.testMode ? M.testModeSubject : M.subject, { product: r.product, votes, name }),
    text: `${lines.join('\n\n')}\n\n${r.profileUrl}\n`,
    html: emailPage(
      lang,
      r.product,
      `${lines.map((t) => `<p>${escapeHtml(t)}</p>`).join('\n    ')}
    <p><a href="${escapeHtml(r.profileUrl)}">${escapeHtml(r.profileUrl)}</a></p>`,
    ),
  };
}
