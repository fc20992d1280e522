import { msg } from '@lingui/core/macro';
import type { RouteHandle } from '../route-module';

export { TestCheckoutPage as Component } from '@/features/payments/pages/test-checkout-page';

export const handle: RouteHandle = { title: msg`TEST MODE Checkout` };
