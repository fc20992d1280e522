// Transitional, for contests/contest-events.ts only: it still imports the broadcaster by this name.
// The pushes are StandingsService's now (`changed(groupId)`, same signature); delete this file once
// contest-events.ts injects StandingsService from standings.service.ts.
export { StandingsService as StandingsBroadcaster } from './standings.service.js';
