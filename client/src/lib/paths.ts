// The site's page addresses: one builder per path of the route table (app/routes.tsx declares its paths
// with these builders' patterns, and paths.test.ts holds the two sets equal). Links, redirects and
// navigation build their targets here; lint refuses a page path written anywhere else in the client.
// API addresses ('/api/…', the RTK Query endpoints' URLs) and static files are not pages and stay apart.

/** A path parameter's value: a name or a numeric id (encoded as a path segment). */
export type PathParam = string | number;

/** The positional arguments of a pattern: one per `:param`, in the pattern's order. */
export type PathArgs<P extends string> = P extends `${string}:${string}/${infer Rest}`
  ? [PathParam, ...PathArgs<Rest>]
  : P extends `${string}:${string}`
    ? [PathParam]
    : [];

/** What may follow the path: a query (empty values left out) and a fragment (without '#'). */
export interface PathOptions {
  query?: Record<string, PathParam | null | undefined>;
  hash?: string;
}

/** A page's address builder: its parameters in the pattern's order, then options; `pattern` is the route table's path. */
export interface PathBuilder<P extends string> {
  (...args: [...PathArgs<P>, options?: PathOptions]): string;
  readonly pattern: P;
}

function page<const P extends string>(pattern: P): PathBuilder<P> {
  const build = (...args: [...PathArgs<P>, options?: PathOptions]): string => {
    const values = args as unknown[];
    let next = 0;
    // Each `:param` segment takes the next argument, encoded, so a name with '/' or '?' stays one segment.
    const path = pattern.replace(/:[A-Za-z]\w*/g, () => encodeURIComponent(String(values[next++] as PathParam)));
    const options = values[next] as PathOptions | undefined;
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(options?.query ?? {})) if (value !== null && value !== undefined) query.set(key, String(value));
    const search = query.toString() ? `?${query.toString()}` : '';
    return `${path}${search}${options?.hash ? `#${options.hash}` : ''}`;
  };
  return Object.assign(build, { pattern });
}

export const paths = {
  home: page('/'),
  register: page('/register'),
  registrationSuccess: page('/registration-success'),
  login: page('/login'),
  forgotPassword: page('/forgot-password'),
  resetPassword: page('/reset-password'),
  verifyEmail: page('/verify-email'),
  unsubscribe: page('/unsubscribe'),
  vote: page('/vote/:profileId'),
  testCheckout: page('/test-checkout/:paymentId'),
  support: page('/support'),
  leaderboard: page('/leaderboard'),
  leaderboardGroup: page('/leaderboard/group/:groupId'),
  howItWorks: page('/how-it-works'),
  profile: page('/profile/:username'),
  /** The 2025 season's profile address, still answered for links shared then. */
  profile2025: page('/profile/2025/:username'),
  contactSupport: page('/contact-support'),
  aboutUs: page('/about-us'),
  privacyPolicy: page('/privacy-policy'),
  termsOfService: page('/terms-of-service'),
  competitions: page('/competitions'),
  competition: page('/competitions/:id'),
  dashboard: page('/dashboard'),
  activeContests: page('/active-contests'),
  shareSupport: page('/share-support'),
  profileBasics: page('/profile/basics'),
  profilePhotos: page('/profile/photos'),
  socialLinks: page('/profile/social'),
  contestJoinSuccess: page('/contest-join-success'),
  /** Pages made to be framed on organizers' sites (contract/embeds/constants.ts: EMBED_PATH_PREFIX). */
  embed: {
    leaderboard: page('/embed/groups/:groupId/leaderboard'),
    voteCard: page('/embed/vote/:username'),
  },
  admin: {
    dashboard: page('/admin'),
    contests: page('/admin/contests'),
    createContest: page('/admin/contests/create'),
    contest: page('/admin/contests/:contestId'),
    editContest: page('/admin/contests/:contestId/edit'),
    contestGroups: page('/admin/contests/:contestId/groups'),
    newGroup: page('/admin/contests/:contestId/groups/new'),
    groupContestants: page('/admin/contests/:contestId/groups/:groupId/contestants'),
    allContestants: page('/admin/all-contestants'),
    payments: page('/admin/payments'),
    votePackages: page('/admin/vote-packages'),
    contestVotePackages: page('/admin/contests/:contestId/vote-packages'),
    messages: page('/admin/messages'),
    voteReview: page('/admin/vote-review'),
    audit: page('/admin/audit'),
    jobs: page('/admin/jobs'),
    twoFactor: page('/admin/two-factor'),
    staff: page('/admin/staff'),
    webhooks: page('/admin/webhooks'),
    site: page('/admin/site'),
    categories: page('/admin/categories'),
    profileQuestions: page('/admin/profile-questions'),
  },
} as const;

/** Every builder of `paths`, nested groups included: what the route table is checked against. */
export function allPathBuilders(group: object = paths): PathBuilder<string>[] {
  return Object.values(group).flatMap((entry: PathBuilder<string> | object) =>
    typeof entry === 'function' ? [entry as PathBuilder<string>] : allPathBuilders(entry),
  );
}
