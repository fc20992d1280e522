import { msg } from '@lingui/core/macro';
import { ADMIN_PAGE_STAFF } from '@/lib/auth/admin-pages';
import type { RouteHandle } from '../route-module';

export { AdminQuestionsPage as Component } from '@/features/site-content/pages/admin-questions-page';

export const handle: RouteHandle = { title: msg`Profile questions`, staff: ADMIN_PAGE_STAFF.profileQuestions };
