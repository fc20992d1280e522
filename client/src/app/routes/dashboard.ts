import { msg } from '@lingui/core/macro';
import type { RouteHandle } from '../route-module';

export { DashboardPage as Component } from '@/features/dashboard/pages/dashboard-page';

export const handle: RouteHandle = { title: msg`Dashboard` };
