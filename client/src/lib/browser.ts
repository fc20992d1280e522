// Browser navigation the app triggers itself, in one object so tests can watch it.
export const browser = {
  /** 'Try Again' on the dashboard reloads the page (spec 000 §2). */
  reload: () => window.location.reload(),
};
