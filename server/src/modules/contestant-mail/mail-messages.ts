// The English of the contestant e-mails (server/src/locales holds their translations). Counts, ranks
// and dates arrive formatted for the recipient's language.

export const CONTESTANT_MAIL = {
  oneVote: (v: { count: string }) => `${v.count} vote`,
  votes: (v: { count: string }) => `${v.count} votes`,
  footer: (v: { kind: string; product: string }) => `You get "${v.kind}" e-mails from ${v.product} as a contestant.`,
  unsubscribe: () => 'Unsubscribe',
  seeLeaderboard: () => 'See the leaderboard',
  seeWinners: () => 'See the winners',
  openDashboard: () => 'Open my dashboard',
  // Where a rank was counted, said whole in each sentence (no sentence is joined from pieces).
  advancedSubject: (v: { nextRound: string; contest: string }) => `You advanced to ${v.nextRound} in ${v.contest}!`,
  advancedInGroup: (v: { round: string; contest: string; rank: string; votes: string; nextRound: string }) =>
    `${v.round} of ${v.contest} has closed. You finished ${v.rank} in your group with ${v.votes} and you advance to ${v.nextRound}.`,
  advancedOverall: (v: { round: string; contest: string; rank: string; votes: string; nextRound: string }) =>
    `${v.round} of ${v.contest} has closed. You finished ${v.rank} overall with ${v.votes} and you advance to ${v.nextRound}.`,
  keepVoting: () => 'Keep your fans voting: the next cut is already counting.',
  eliminatedSubject: (v: { round: string; contest: string }) => `${v.round} results: your run in ${v.contest} ends here`,
  eliminatedInGroup: (v: { round: string; contest: string; rank: string; votes: string }) =>
    `${v.round} of ${v.contest} has closed. You finished ${v.rank} in your group with ${v.votes}, below the cut, so your run in this contest ends here.`,
  eliminatedOverall: (v: { round: string; contest: string; rank: string; votes: string }) =>
    `${v.round} of ${v.contest} has closed. You finished ${v.rank} overall with ${v.votes}, below the cut, so your run in this contest ends here.`,
  thanks: () => 'Thank you for competing, and for every fan you brought.',
  finalSubject: (v: { contest: string }) => `Final results of ${v.contest}`,
  finalInGroup: (v: { round: string; contest: string; rank: string; votes: string }) =>
    `${v.round} of ${v.contest} has closed and the winners are named. You finished ${v.rank} in your group with ${v.votes}.`,
  finalOverall: (v: { round: string; contest: string; rank: string; votes: string }) =>
    `${v.round} of ${v.contest} has closed and the winners are named. You finished ${v.rank} overall with ${v.votes}.`,
  winnerSubject: (v: { place: string; contest: string }) => `You won ${v.place} place in ${v.contest}!`,
  winnerBody: (v: { contest: string; place: string; votes: string }) =>
    `Congratulations: ${v.contest} has closed and you are one of its winners, in ${v.place} place with ${v.votes}.`,
  profileShows: () => 'Your profile now shows it.',
  belowCutSubject: (v: { round: string }) => `You dropped below the cut in ${v.round}`,
  belowCutInGroup: (v: { rank: string; contest: string; behind: string; round: string; endsAt: string }) =>
    `You are ${v.rank} in your group in ${v.contest}, ${v.behind} below the cut line of ${v.round}, which ends ${v.endsAt}.`,
  belowCutOverall: (v: { rank: string; contest: string; behind: string; round: string; endsAt: string }) =>
    `You are ${v.rank} overall in ${v.contest}, ${v.behind} below the cut line of ${v.round}, which ends ${v.endsAt}.`,
  stillTime: () => 'There is still time: ask your fans to vote.',
  digestSubject: (v: { contest: string; votes: string }) => `Your day in ${v.contest}: ${v.votes}`,
  digestVotes: (v: { day: string; votes: string; contest: string }) => `On ${v.day} you got ${v.votes} in ${v.contest}.`,
  // The rank line: where it was counted, and how it changed since the last digest.
  rankInGroup: (v: { rank: string }) => `Your rank: ${v.rank} in your group.`,
  rankOverall: (v: { rank: string }) => `Your rank: ${v.rank} overall.`,
  rankInGroupSame: (v: { rank: string }) => `Your rank: ${v.rank} in your group (unchanged).`,
  rankOverallSame: (v: { rank: string }) => `Your rank: ${v.rank} overall (unchanged).`,
  rankInGroupUp: (v: { rank: string; by: string }) => `Your rank: ${v.rank} in your group (up ${v.by}).`,
  rankOverallUp: (v: { rank: string; by: string }) => `Your rank: ${v.rank} overall (up ${v.by}).`,
  rankInGroupDown: (v: { rank: string; by: string }) => `Your rank: ${v.rank} in your group (down ${v.by}).`,
  rankOverallDown: (v: { rank: string; by: string }) => `Your rank: ${v.rank} overall (down ${v.by}).`,
  youLead: () => 'You lead: nobody is ranked above you.',
  toPass: (v: { votes: string; username: string }) => `${v.votes} to pass @${v.username}.`,
};
