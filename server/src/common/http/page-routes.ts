/**
 * Page paths the server answers itself, outside the API prefix: a contestant's profile, whose
 * app shell carries the contestant's link-preview tags (modules/share). Every other page path
 * gets the plain shell from the exception filter.
 */
export const PROFILE_PAGE_ROUTES = ['profile/:username', 'profile/2025/:username'];
