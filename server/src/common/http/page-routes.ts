/**
 * Page paths the server answers itself, outside the API prefix: a contestant's profile, whose
 * app shell carries the contestant's link-preview tags (modules/share). Every other page path
 * gets the plain shell (page-shell.ts) from the router's not-found handler.
 */
export const PROFILE_PAGE_ROUTES = ['profile/:username', 'profile/2025/:username'];
