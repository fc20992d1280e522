// Browser navigation the app triggers itself, in one object so tests can watch it.
export const browser = {
  /** 'Try Again' on the dashboard reloads the page. */
  reload: () => window.location.reload(),
  /** Leaves the app for a checkout page (the payment provider's, or TEST MODE's). */
  assign: (url: string) => window.location.assign(url),
  /** This site's origin, e.g. 'https://screamstage.example': the only place return URLs may point. */
  origin: () => window.location.origin,
};
