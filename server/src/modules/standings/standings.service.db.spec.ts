// StandingsService on the real database: leaderboards rank PostgreSQL's committed counts, and a
// counted batch becomes one `votes` event per contestant and, at the next interval, one standings push.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import type { RealtimePublisher } from '#server/infra/realtime/realtime-publisher.js';
import { STANDINGS_PUSH_INTERVAL_MS } from './standings-pushes.js';
import { StandingsRepository } from './standings.repository.js';
import { StandingsService } from './standings.service.js';

interface Sent {
  rooms: string | string[];
  event: string;
  payload: Record<string, unknown>;
}

describe(StandingsService.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let standings: StandingsService;
  const sent: Sent[] = [];
  let groupId: number;
  let contestId: number;
  let entries: { id: number; profile_id: number; username: string }[];

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 4)).initialize();
    const realtime = {
      send: (rooms: string | string[], event: string, payload: Record<string, unknown>) => sent.push({ rooms, event, payload }),
    } as unknown as RealtimePublisher;
    standings = new StandingsService(new StandingsRepository(ds), realtime);

    const { rows } = await db.pool.query(
      `WITH u AS (INSERT INTO users (username, email, password_hash)
                  VALUES ('Mara', 'mara@example.com', 'x'), ('Ivo', 'ivo@example.com', 'x'), ('Lene', 'lene@example.com', 'x')
                  RETURNING id, username),
            p AS (INSERT INTO contestant_profiles (user_id, category) SELECT id, 'Scream Queens' FROM u RETURNING id, user_id),
            c AS (INSERT INTO contests (name, description, start_date, is_current) VALUES ('Cup', 'd', now(), true) RETURNING id),
            g AS (INSERT INTO groups (contest_id, group_number, current_contestants_count) SELECT id, 1, 3 FROM c RETURNING id, contest_id),
            e AS (INSERT INTO contest_entries (user_id, profile_id, contest_id, group_id, current_contest_votes)
                  SELECT p.user_id, p.id, g.contest_id, g.id, CASE u.username WHEN 'Mara' THEN 5 WHEN 'Ivo' THEN 9 ELSE 4 END
                  FROM p JOIN u ON u.id = p.user_id, g RETURNING id, profile_id, contest_id, group_id, user_id)
       SELECT e.*, u.username FROM e JOIN u ON u.id = e.user_id ORDER BY e.id`,
    );
    entries = rows;
    groupId = rows[0].group_id;
    contestId = rows[0].contest_id;
  }, 60_000);
  afterAll(async () => {
    standings.onApplicationShutdown();
    await ds.destroy();
    await db.drop();
  });

  it("should rank a group's entries by the database's counts", async () => {
    const s = await standings.fresh(groupId);
    expect(s).toMatchObject({ groupId, groupNumber: 1, contestId });
    expect(s!.items.map((i) => [i.username, i.current_contest_votes, i.free_votes, i.paid_votes, i.rank])).toEqual([
      ['Ivo', 9, 9, 0, 1],
      ['Mara', 5, 5, 0, 2],
      ['Lene', 4, 4, 0, 3],
    ]);
    expect(await standings.fresh(2_000_000)).toBeNull();
    expect(JSON.parse(await standings.allGroupsJson())).toEqual({ 'Group 1': JSON.parse(JSON.stringify(s!.items)) });
  });

  it('should send one votes event per counted contestant at once, and the group standings at the next interval', async () => {
    const [mara, ivo] = ['Mara', 'Ivo'].map((name) => entries.find((e) => e.username === name)!);
    // Ten more for Mara, three of them paid.
    await db.pool.query('UPDATE contest_entries SET current_contest_votes = current_contest_votes + 10, paid_votes = paid_votes + 3 WHERE id = $1', [mara.id]);
    const sent0 = sent.length;
    standings.votesCounted(groupId, [
      { entryId: mara.id, profileId: mara.profile_id, username: 'Mara', entryVotes: 15, entryPaidVotes: 3, totalVotes: 15 },
      { entryId: ivo.id, profileId: ivo.profile_id, username: 'Ivo', entryVotes: 9, entryPaidVotes: 0, totalVotes: 9 },
    ]);
    expect(sent.slice(sent0)).toEqual([
      {
        rooms: ['contestant:mara', `group:${groupId}`],
        event: 'votes',
        payload: {
          username: 'Mara',
          profile_id: mara.profile_id,
          entry_id: mara.id,
          current_contest_votes: 15,
          current_contest_paid_votes: 3,
          total_votes: 15,
        },
      },
      {
        rooms: ['contestant:ivo', `group:${groupId}`],
        event: 'votes',
        payload: { username: 'Ivo', profile_id: ivo.profile_id, entry_id: ivo.id, current_contest_votes: 9, current_contest_paid_votes: 0, total_votes: 9 },
      },
    ]);
    await new Promise((r) => setTimeout(r, STANDINGS_PUSH_INTERVAL_MS * 2));
    const pushes = sent.slice(sent0).filter((s) => s.event === 'standings');
    expect(pushes).toHaveLength(1);
    expect(pushes[0].rooms).toEqual([`group:${groupId}`, `contest:${contestId}`]);
    expect(pushes[0].payload).toMatchObject({ contest_id: contestId, group_id: groupId });
    expect((pushes[0].payload.standings as { username: string; current_contest_votes: number; rank: number }[]).slice(0, 2)).toEqual([
      expect.objectContaining({ username: 'Mara', current_contest_votes: 15, free_votes: 12, paid_votes: 3, rank: 1 }),
      expect.objectContaining({ username: 'Ivo', current_contest_votes: 9, free_votes: 9, paid_votes: 0, rank: 2 }),
    ]);
  });
});
