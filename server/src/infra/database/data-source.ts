import { DataSource, type DataSourceOptions } from 'typeorm';
import { ENTITIES } from '#server/entities.js';
import { InitialAccounts1767000000000 } from './migrations/1767000000000-initial-accounts.js';
import { Contests1767100000000 } from './migrations/1767100000000-contests.js';
import { Votes1767200000000 } from './migrations/1767200000000-votes.js';
import { RateLimitsFlexible1767300000000 } from './migrations/1767300000000-rate-limits-flexible.js';
import { Payments1767400000000 } from './migrations/1767400000000-payments.js';
import { PaidVoteCounters1767500000000 } from './migrations/1767500000000-paid-vote-counters.js';
import { SupportMessages1767600000000 } from './migrations/1767600000000-support-messages.js';
import { PaymentExpiryAndRefunds1767721000000 } from './migrations/1767721000000-payment-expiry-and-refunds.js';
import { VoteNetworks1767800000000 } from './migrations/1767800000000-vote-networks.js';
import { VotesByContestTime1767810000000 } from './migrations/1767810000000-votes-by-contest-time.js';
import { AuditLog1767820000000 } from './migrations/1767820000000-audit-log.js';
import { VoteReview1767830000000 } from './migrations/1767830000000-vote-review.js';
import { ContestRounds1767840000000 } from './migrations/1767840000000-contest-rounds.js';
import { CarryVotes1767850000000 } from './migrations/1767850000000-carry-votes.js';
import { ContestantMail1767860000000 } from './migrations/1767860000000-contestant-mail.js';
import { JobFailedAt1767870000000 } from './migrations/1767870000000-job-failed-at.js';
import { AuditDigestChain1767883800000 } from './migrations/1767883800000-audit-digest-chain.js';
import { StaffRoles1767883801000 } from './migrations/1767883801000-staff-roles.js';
import { TwoFactor1767883802000 } from './migrations/1767883802000-two-factor.js';
import { LastLoginAt1767883803000 } from './migrations/1767883803000-last-login-at.js';
import { SiteContent1767883804000 } from './migrations/1767883804000-site-content.js';
import { ProfileQuestions1767883805000 } from './migrations/1767883805000-profile-questions.js';
import { VotePackages1767883806000 } from './migrations/1767883806000-vote-packages.js';
import { MailLanguage1767883807000 } from './migrations/1767883807000-mail-language.js';
import { Webhooks1767883808000 } from './migrations/1767883808000-webhooks.js';
import { AccountDeletion1767883809000 } from './migrations/1767883809000-account-deletion.js';
import { EmbedOrigins1767883810000 } from './migrations/1767883810000-embed-origins.js';
import { UserIdentities1767883811000 } from './migrations/1767883811000-user-identities.js';
import { WebhookLogRetention1767883812000 } from './migrations/1767883812000-webhook-log-retention.js';

export const MIGRATIONS = [
  InitialAccounts1767000000000,
  Contests1767100000000,
  Votes1767200000000,
  RateLimitsFlexible1767300000000,
  Payments1767400000000,
  PaidVoteCounters1767500000000,
  SupportMessages1767600000000,
  PaymentExpiryAndRefunds1767721000000,
  VoteNetworks1767800000000,
  VotesByContestTime1767810000000,
  AuditLog1767820000000,
  VoteReview1767830000000,
  ContestRounds1767840000000,
  CarryVotes1767850000000,
  ContestantMail1767860000000,
  JobFailedAt1767870000000,
  AuditDigestChain1767883800000,
  StaffRoles1767883801000,
  TwoFactor1767883802000,
  LastLoginAt1767883803000,
  SiteContent1767883804000,
  ProfileQuestions1767883805000,
  VotePackages1767883806000,
  MailLanguage1767883807000,
  Webhooks1767883808000,
  AccountDeletion1767883809000,
  EmbedOrigins1767883810000,
  UserIdentities1767883811000,
  WebhookLogRetention1767883812000,
];

/** The names TypeORM records for MIGRATIONS, in order. */
export const MIGRATION_NAMES: string[] = MIGRATIONS.map((M) => new M().name ?? M.name);

export function dataSourceOptions(url: string, poolSize = 10, migrations: DataSourceOptions['migrations'] = MIGRATIONS): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations,
    migrationsRun: false,
    synchronize: false,
    // TypeORM's own error log prints query parameters (password hashes among them); errors are
    // logged by the exception filter instead.
    logging: false,
    poolSize,
    applicationName: 'screamstage',
  };
}

/** Any number of processes may start at once: an advisory lock lets one of them migrate. */
/**
 * Runs the migrations not yet applied; answers their names, in the order they ran (none: the database was up to date).
 * `upTo` stops after the first so many (a restore builds exactly the schema its archive was made with).
 */
export async function runMigrations(url: string, upTo = MIGRATIONS.length): Promise<string[]> {
  const ds = new DataSource(dataSourceOptions(url, 1, MIGRATIONS.slice(0, upTo)));
  await ds.initialize();
  try {
    await ds.query('SELECT pg_advisory_lock(727274)');
    try {
      return (await ds.runMigrations({ transaction: 'each' })).map((m) => m.name);
    } finally {
      await ds.query('SELECT pg_advisory_unlock(727274)');
    }
  } finally {
    await ds.destroy();
  }
}
