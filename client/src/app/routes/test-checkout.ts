import type { RouteHandle } from '../route-module';

export { TestCheckoutPage as Component } from '@/features/payments/pages/test-checkout-page';

export const handle: RouteHandle = { title: 'TEST MODE Checkout' };
