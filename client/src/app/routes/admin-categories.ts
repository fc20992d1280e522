import { msg } from '@lingui/core/macro';
import { ADMIN_PAGE_STAFF } from '@/lib/auth/admin-pages';
import type { RouteHandle } from '../route-module';

export { AdminCategoriesPage as Component } from '@/features/site-content/pages/admin-categories-page';

export const handle: RouteHandle = { title: msg`Categories`, staff: ADMIN_PAGE_STAFF.categories };
