// StandingsService on the real database: leaderboards rank PostgreSQL's committed counts, a
// changed group is tallied for this process's watchers at the next tick, and a group is read from
// the database at most once per tick whatever the number of readers.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { Metrics } from '#server/infra/metrics/metrics.js';
import type { LocalSockets } from '#server/infra/realtime/realtime-publisher.js';
import { LocalStandingsChanges } from './standings-changes.js';
import { StandingsRepository } from './standings.repository.js';
import { StandingsService } from './standings.service.js';

const TICK = 50;

/** One process's changes, with a way to lose the other processes' notices (a Redis subscriber back from a loss). */
class MissingNotices extends LocalStandingsChanges {
  missed(): void {
    this.resync();
  }
}

/** Waits until `check` holds (a tally is read from the database first), at most 5 s. */
async function until(check: () => boolean): Promise<void> {
  const end = Date.now() + 5_000;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
}

interface Sent {
  rooms: string | string[];
  event: string;
  payload: Record<string, unknown>;
}

describe(StandingsService.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let standings: StandingsService;
  let changes: MissingNotices;
  let repository: StandingsRepository;
  /** The database reads of a group's standings (the repository's, counted on their way). */
  let reads = 0;
  const sent: Sent[] = [];
  let groupId: number;
  let contestId: number;
  let entries: { id: number; profile_id: number; username: string }[];

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 4)).initialize();
    const sockets = {
      connected: () => 1,
      audience: () => 1,
      write: async (rooms: string[], event: string, payload: Record<string, unknown>) => {
        sent.push({ rooms, event, payload });
        return 0;
      },
    } as unknown as LocalSockets;
    repository = new StandingsRepository(ds);
    const read = repository.group.bind(repository);
    repository.group = (groupId: number) => {
      reads += 1;
      return read(groupId);
    };
    changes = new MissingNotices(TICK);
    standings = new StandingsService(repository, changes, sockets, new Metrics(), { LIVE_TICK_MS: TICK, runsHttp: true });

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

  it("should tally a changed group at the next tick: every entry first, then what moved, with the contestants' totals", async () => {
    const [mara, ivo] = ['Mara', 'Ivo'].map((name) => entries.find((e) => e.username === name)!);
    const tallies = () => sent.filter((s) => s.event === 'tally');
    standings.changed(groupId);
    await until(() => tallies().length >= 1);
    await new Promise((r) => setTimeout(r, TICK * 3));
    expect(tallies()).toHaveLength(1);
    expect(tallies()[0].rooms).toEqual([`group:${groupId}`, 'contestant:ivo', 'contestant:mara', 'contestant:lene']);
    expect(tallies()[0].payload).toMatchObject({ contest_id: contestId, group_id: groupId, full: true });

    // Ten more for Mara, three of them paid: she passes Ivo, Lene is unmoved.
    await db.pool.query('UPDATE contest_entries SET current_contest_votes = current_contest_votes + 10, paid_votes = paid_votes + 3 WHERE id = $1', [mara.id]);
    await db.pool.query('UPDATE contestant_profiles SET total_votes = total_votes + 10, paid_votes = paid_votes + 3 WHERE id = $1', [mara.profile_id]);
    standings.changed(groupId);
    standings.changed(groupId);
    await until(() => tallies().length >= 2);
    await new Promise((r) => setTimeout(r, TICK * 3));
    expect(tallies()).toHaveLength(2);
    const { rooms, payload } = tallies()[1];
    expect(rooms).toEqual([`group:${groupId}`, 'contestant:mara', 'contestant:ivo']);
    expect(payload).toEqual({
      contest_id: contestId,
      group_id: groupId,
      full: false,
      entries: [
        { entry_id: mara.id, username: 'Mara', votes: 15, paid: 3, total: 10, rank: 1, eliminated: false },
        { entry_id: ivo.id, username: 'Ivo', votes: 9, paid: 0, total: 0, rank: 2, eliminated: false },
      ],
    });
  });

  it('should read a group once per tick for any number of leaderboards, profiles and tallies at once, and the latest after a change', async () => {
    await new Promise((r) => setTimeout(r, 600)); // every earlier read is too old for leaderboards
    const before = reads;
    const answers = await Promise.all([
      ...Array.from({ length: 300 }, () => standings.groupJson(groupId)),
      ...Array.from({ length: 100 }, () => standings.positionOf(groupId, entries[0].id).then(String)),
      standings.allGroupsJson(),
    ]);
    expect(reads - before).toBe(1);
    expect(new Set(answers.slice(0, 300)).size).toBe(1);

    // A change: the readers that must see it (tallies, a profile's position) get a read begun after it, one for all.
    const lene = entries.find((e) => e.username === 'Lene')!;
    await db.pool.query('UPDATE contest_entries SET current_contest_votes = 100 WHERE id = $1', [lene.id]);
    standings.changed(groupId);
    const positions = await Promise.all(Array.from({ length: 200 }, () => standings.positionOf(groupId, lene.id)));
    expect(new Set(positions)).toEqual(new Set([1]));
    await new Promise((r) => setTimeout(r, TICK * 3)); // the tally's read is the same one
    expect(reads - before).toBe(2);
    expect(sent.at(-1)!.payload).toMatchObject({
      full: false,
      entries: expect.arrayContaining([expect.objectContaining({ username: 'Lene', votes: 100, rank: 1 })]),
    });
    // Leaderboards now answer that read too.
    expect(JSON.parse((await standings.groupJson(groupId))!)[0]).toMatchObject({ username: 'Lene', current_contest_votes: 100 });
    expect(reads - before).toBe(2);
  });

  it("should read the current contest's watched groups again when notices may have been missed, and tally what changed unheard", async () => {
    const ivo = entries.find((e) => e.username === 'Ivo')!;
    await db.pool.query('UPDATE contest_entries SET current_contest_votes = 500 WHERE id = $1', [ivo.id]); // its notice was lost
    const count = sent.length;
    await new Promise((r) => setTimeout(r, TICK * 3));
    expect(sent).toHaveLength(count);
    changes.missed();
    await until(() => sent.length > count);
    expect(sent.at(-1)!.payload).toMatchObject({
      group_id: groupId,
      entries: expect.arrayContaining([expect.objectContaining({ username: 'Ivo', votes: 500, rank: 1 })]),
    });
    expect(JSON.parse((await standings.groupJson(groupId))!)[0]).toMatchObject({ username: 'Ivo', current_contest_votes: 500 });
  });
});
