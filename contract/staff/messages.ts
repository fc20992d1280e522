// The staff page's texts and the server's answers about roles (our own wording).

export const STAFF_MESSAGES = {
  roleInvalid: 'Choose Owner, Organizer or Moderator',
  userNotFound: 'No account has that username',
  notVerified: 'That account has not verified its e-mail address yet',
  contestant: 'A contestant cannot be staff: staff run the contest they would compete in',
  lastOwner: 'The site needs at least one owner: make someone else an owner first',
  permissionRequired: 'Your staff role does not allow this',
} as const;
