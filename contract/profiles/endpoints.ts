// The profiles' calls: the signed-in user and their own profile (photos, basics, social links), the
// public profile and its views, the vote page's lookup by profile id, the share card, and an admin's
// deletion of a user.
import { answer, type EndpointTable, schemasOf } from '../api/endpoint.js';
import type { CurrentUser } from '../auth/answers.js';
import type { MessageResponse } from '../common/answers.js';
import type { ContestantProfile, ProfileBasicsResponse, ProfileById, ProfileViewsResponse, SiteCategories, SocialLinks } from './answers.js';
import type * as requests from './requests.js';

const request = schemasOf<typeof requests>('profiles/requests');

export const profilesEndpoints = {
  currentUser: { method: 'GET', path: '/users/me', answer: answer<CurrentUser>() },
  setMyLocale: { method: 'PUT', path: '/users/me/locale', body: request('myLocaleSchema'), answer: answer<requests.MyLocale>() },
  myProfile: { method: 'GET', path: '/contestants/my-profile', answer: answer<ContestantProfile>() },
  addMyPictures: {
    method: 'POST',
    path: '/contestants/my-profile/pictures',
    multipart: request('keptPicturesFieldsSchema'),
    answer: answer<ContestantProfile>(),
  },
  saveMyProfile: { method: 'PUT', path: '/contestants/my-profile', body: request('myProfileUpdateSchema'), answer: answer<ContestantProfile>() },
  profileBasics: { method: 'GET', path: '/contestants/profile/basics', answer: answer<ProfileBasicsResponse>() },
  updateProfileBasics: {
    method: 'PUT',
    path: '/contestants/profile/basics',
    body: request('profileBasicsSchema'),
    answer: answer<ProfileBasicsResponse>(),
  },
  socialLinks: { method: 'GET', path: '/users/social-links', answer: answer<SocialLinks>() },
  updateSocialLinks: { method: 'PUT', path: '/users/social-links', body: request('socialLinksSchema'), answer: answer<SocialLinks>() },
  contestantProfile: { method: 'GET', path: '/contestants/:username', answer: answer<ContestantProfile>() },
  incrementProfileViews: { method: 'POST', path: '/contestants/:username/increment-views', answer: answer<ProfileViewsResponse>() },
  profileViews: { method: 'GET', path: '/contestants/:username/views', answer: answer<ProfileViewsResponse>() },
  profileById: { method: 'GET', path: '/profiles/id/:profileId', answer: answer<ProfileById>() },
  shareCard: { method: 'GET', path: '/share-cards/:file', query: request('shareCardQuerySchema'), file: 'image/png', answer: answer<string>() },
  siteCategories: { method: 'GET', path: '/admin/site/categories', staff: 'contests', answer: answer<SiteCategories>() },
  updateSiteCategories: {
    method: 'PUT',
    path: '/admin/site/categories',
    staff: 'contests',
    body: request('siteCategoriesSchema'),
    answer: answer<SiteCategories>(),
  },
  deleteUser: { method: 'DELETE', path: '/users/:userId', staff: 'accounts', answer: answer<MessageResponse>() },
} as const satisfies EndpointTable;
