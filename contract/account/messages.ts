// The texts of a person's own data: the download, the deletion with its grace period, and the
// organizers' participant export.

export const MY_DATA_MESSAGES = {
  downloadLimited: 'You have downloaded your data several times this hour. Please try again later.',
  confirmMismatch: 'Type your username exactly as it is to confirm.',
  alreadyPending: 'Your account is already scheduled for deletion.',
  notPending: 'Your account is not scheduled for deletion.',
  lastOwner: 'The last owner cannot delete their account. Make another staff member an owner first.',
  deletionCancelled: 'Your account will not be deleted.',
  contestNotFound: 'Contest not found',
} as const;

export const PARTICIPANT_EXPORT_MESSAGES = {
  exportFailed: 'The participant export failed',
} as const;
