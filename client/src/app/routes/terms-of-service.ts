import type { RouteHandle } from '../route-module';

export { TermsOfServicePage as Component } from '@/features/content/pages/terms-of-service-page';

export const handle: RouteHandle = { title: 'Terms of Service', draw: true };
