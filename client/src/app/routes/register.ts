// /register: the form, with the required profile questions it asks.
import { msg } from '@lingui/core/macro';
import { getProfileQuestions } from '@/lib/api/profile-questions';
import type { PageLoader, RouteHandle } from '../route-module';

export { RegisterPage as Component } from '@/features/auth/pages/register-page';

// Drawn on the server, so a visitor without JavaScript gets the page and its form, not only 'Loading...'.
export const handle: RouteHandle = { title: msg`Register`, preload: true, draw: true };

export const loader: PageLoader = async (_args, store) => {
  await store.dispatch(getProfileQuestions.initiate());
};
