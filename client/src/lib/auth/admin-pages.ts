// The permissions each admin page needs, from the calls it cannot open without (their `staff` in the
// endpoint table), so a page and its calls cannot disagree. Keyed like `paths.admin`: an admin page
// without an entry does not compile. Its route module's handle names them (the admin layout refuses the
// page to a role without them) and the admin menu shows only the pages the role may open.
import type { StaffPermission } from '#contract/auth/roles';
import { auditEndpoints } from '#contract/audit/endpoints';
import { contestsEndpoints } from '#contract/contests/endpoints';
import { jobsEndpoints } from '#contract/jobs/endpoints';
import { paymentsEndpoints } from '#contract/payments/endpoints';
import { siteEndpoints } from '#contract/site/endpoints';
import { profilesEndpoints } from '#contract/profiles/endpoints';
import { questionsEndpoints } from '#contract/questions/endpoints';
import { staffEndpoints } from '#contract/staff/endpoints';
import { supportEndpoints } from '#contract/support/endpoints';
import { twoFactorEndpoints } from '#contract/twofactor/endpoints';
import { votesEndpoints } from '#contract/votes/endpoints';
import { webhooksEndpoints } from '#contract/webhooks/endpoints';
import type { paths } from '../paths';
import { staffOf } from './staff';

const contests = contestsEndpoints;

export const ADMIN_PAGE_STAFF = {
  dashboard: staffOf(contests.adminContests, contests.contestGroups),
  contests: staffOf(contests.adminContests),
  createContest: staffOf(contests.createContest),
  contest: staffOf(contests.adminContest),
  editContest: staffOf(contests.adminContest, contests.updateContest),
  contestGroups: staffOf(contests.adminContest, contests.contestGroups),
  newGroup: staffOf(contests.adminContest, contests.createGroup),
  groupContestants: staffOf(contests.groupContestants, votesEndpoints.getGroupVotesOverTime),
  allContestants: staffOf(contests.contestants),
  payments: staffOf(paymentsEndpoints.getAdminPayments, paymentsEndpoints.getPaymentReconciliation),
  votePackages: staffOf(paymentsEndpoints.getAdminVotePackages, paymentsEndpoints.saveAdminVotePackages),
  contestVotePackages: staffOf(paymentsEndpoints.getContestVotePackages, paymentsEndpoints.saveContestVotePackages),
  messages: staffOf(supportEndpoints.getSupportMessages, supportEndpoints.updateSupportMessage),
  voteReview: staffOf(votesEndpoints.getVoteReview, votesEndpoints.voidVotes),
  audit: staffOf(auditEndpoints.getAuditLog, auditEndpoints.getAuditChain),
  jobs: staffOf(jobsEndpoints.adminJobsOverview),
  staff: staffOf(staffEndpoints.listStaff, staffEndpoints.setStaffRole),
  webhooks: staffOf(webhooksEndpoints.listWebhooks, webhooksEndpoints.createWebhook),
  categories: staffOf(profilesEndpoints.siteCategories, profilesEndpoints.updateSiteCategories),
  profileQuestions: staffOf(questionsEndpoints.adminProfileQuestions, questionsEndpoints.updateProfileQuestion),
  twoFactor: staffOf(twoFactorEndpoints.getTwoFactorStatus, twoFactorEndpoints.startTwoFactorSetup),
  site: staffOf(siteEndpoints.adminSite, siteEndpoints.saveSite, siteEndpoints.uploadLogo, siteEndpoints.removeLogo),
} as const satisfies Record<keyof typeof paths.admin, readonly StaffPermission[]>;

export type AdminPage = keyof typeof ADMIN_PAGE_STAFF;
