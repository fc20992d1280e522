import { msg } from '@lingui/core/macro';
import type { RouteHandle } from '../route-module';

export { UnsubscribePage as Component } from '@/features/contestant-mail/pages/unsubscribe-page';

export const handle: RouteHandle = { title: msg`Unsubscribe` };
