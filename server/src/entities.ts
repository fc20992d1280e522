// Every entity of the app, composed here (docs/architecture.md), so the data source in infra/ knows
// them without importing the modules.
import { AuditEntryEntity } from './modules/audit/entities/audit-entry.entity.js';
import { AuthTokenEntity } from './modules/auth/entities/auth-token.entity.js';
import { RecoveryCodeEntity } from './modules/auth/two-factor/entities/recovery-code.entity.js';
import { TwoFactorChallengeEntity } from './modules/auth/two-factor/entities/two-factor-challenge.entity.js';
import { ContestEntryEntity } from './modules/contests/entities/contest-entry.entity.js';
import { ContestRoundEntity } from './modules/contests/entities/contest-round.entity.js';
import { ContestEntity } from './modules/contests/entities/contest.entity.js';
import { GroupEntity } from './modules/contests/entities/group.entity.js';
import { ContestantProfileEntity } from './modules/users/entities/contestant-profile.entity.js';
import { PaymentEntity } from './modules/payments/entities/payment.entity.js';
import { SupportMessageEntity } from './modules/support/entities/support-message.entity.js';
import { UserEntity } from './modules/users/entities/user.entity.js';

export const ENTITIES = [
  UserEntity,
  ContestantProfileEntity,
  AuthTokenEntity,
  RecoveryCodeEntity,
  TwoFactorChallengeEntity,
  ContestEntity,
  GroupEntity,
  ContestEntryEntity,
  ContestRoundEntity,
  PaymentEntity,
  SupportMessageEntity,
  AuditEntryEntity,
];
