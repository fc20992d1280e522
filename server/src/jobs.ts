// Every job and queue of the app, declared where its module defines it and loaded here, so that a
// command outside the app (npm run jobs) knows every queue too. jobs.spec.ts checks this list against
// what the app itself declares.
import './infra/mail/mail-jobs.js';
import './modules/backup/backup-jobs.js';
import './modules/contestant-mail/contestant-mail-jobs.js';
import './modules/contests/contest-jobs.js';
import './modules/payments/payment-jobs.js';
import './modules/votes/intake/vote-jobs.js';
import './modules/users/account-jobs.js';
import './modules/webhooks/webhook-jobs.js';
