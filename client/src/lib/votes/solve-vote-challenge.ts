// The proof-of-work a free vote may be asked for (428): the browser searches for the number the
// server's challenge hides (SHA-256 through Web Crypto, yielding to the page as it goes). The solver
// loads only when a vote is asked for one, never with a page.
import type { Challenge } from 'altcha-lib/types';

/** Gives up after this long: a slow phone is told to try again rather than left waiting. */
const SOLVE_TIMEOUT_MS = 60_000;

/** The vote's `altcha` (base64 JSON of the challenge and its solution), or null when it could not be solved. */
export async function solveVoteChallenge(challenge: Challenge): Promise<string | null> {
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/web/sha')]);
  const solution = await solveChallenge({ challenge, deriveKey, timeout: SOLVE_TIMEOUT_MS });
  return solution ? btoa(JSON.stringify({ challenge, solution })) : null;
}
