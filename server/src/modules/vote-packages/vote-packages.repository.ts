import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { VotePackageInput } from '#contract/payments/requests.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GenerateSql } from '#server/infra/database/generate-sql.js';
import type { StoredPackage, VotePackage } from './vote-offer.types.js';

const PACKAGE = ['id', 'votes', 'bonus', 'price_minor'] as const;

/** A contest's own currency and donation price (null: the site's), as the contests table keeps them. */
export interface ContestMoney {
  currency: string | null;
  donationVotePrice: number | null;
}

/**
 * The vote packages (the site's list: contest_id null; a contest's own list) and the money columns the
 * offer reads beside them: the site's currency and donation price, a contest's own.
 */
@Injectable()
export class VotePackagesRepository extends BaseRepository {
  /** The list's packages on offer (not retired), in the order fans see them; contestId null: the site's. */
  @GenerateSql({ name: "the site's", params: [null] }, { name: "a contest's", params: [1] })
  offered(contestId: number | null): Promise<VotePackage[]> {
    return this.rows(
      this.db
        .selectFrom('vote_packages')
        .select(PACKAGE)
        .where((eb) => (contestId === null ? eb('contest_id', 'is', null) : eb('contest_id', '=', contestId)))
        .where('retired', '=', false)
        .orderBy('position')
        .orderBy('id'),
    );
  }

  /**
   * Writes `packages` as the site's list, with their ids, unless the site has a list (retired packages
   * count: an organizer's list is never replaced); then moves the id sequence past them. Any number of
   * first reads at once write it once.
   */
  @GenerateSql({ params: [[{ id: 1, votes: 10, bonus: 2, price_minor: 1000 }]] })
  async insertSiteListIfMissing(packages: readonly VotePackage[]): Promise<void> {
    const any = await this.first(this.db.selectFrom('vote_packages').select('id').where('contest_id', 'is', null).limit(1));
    if (any) return;
    // Two first reads at once both insert: the fixed ids make the second's rows no-ops.
    const inserted = await this.rows(
      this.db
        .insertInto('vote_packages')
        .values(packages.map((p, i) => ({ id: p.id, contest_id: null, votes: p.votes, bonus: p.bonus, price_minor: p.price_minor, position: i + 1 })))
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id'),
    );
    if (inserted.length) {
      await this.run(this.db.selectNoFrom(sql`setval(pg_get_serial_sequence('vote_packages', 'id'), (SELECT max(id) FROM vote_packages))`.as('value')));
    }
  }

  /** One package, retired or not. */
  @GenerateSql({ params: [1] })
  async find(id: number): Promise<StoredPackage | undefined> {
    const row = await this.first(
      this.db
        .selectFrom('vote_packages')
        .select([...PACKAGE, 'contest_id', 'retired'])
        .where('id', '=', id),
    );
    return row && { id: row.id, votes: row.votes, bonus: row.bonus, price_minor: row.price_minor, contestId: row.contest_id, retired: row.retired };
  }

  /** The contest's own currency and donation price; undefined when there is no such contest. */
  @GenerateSql({ params: [1] })
  async contestMoney(contestId: number): Promise<ContestMoney | undefined> {
    const row = await this.first(this.db.selectFrom('contests').select(['currency', 'donation_vote_price']).where('id', '=', contestId));
    return row && { currency: row.currency, donationVotePrice: row.donation_vote_price };
  }

  /** Sets (or with nulls clears) the contest's own currency and donation price; false when there is no such contest. */
  @GenerateSql({ name: 'own', params: [1, 'JPY', 100] }, { name: 'cleared', params: [1, null, null] })
  async setContestMoney(contestId: number, currency: string | null, donationVotePrice: number | null): Promise<boolean> {
    const changed = await this.run(this.db.updateTable('contests').set({ currency, donation_vote_price: donationVotePrice }).where('id', '=', contestId));
    return changed > 0;
  }

  /** The site's currency and donation price (its settings row exists: the settings service writes it first). */
  @GenerateSql({ params: ['EUR', 100] })
  async setSiteMoney(currency: string, donationVotePrice: number): Promise<void> {
    await this.run(
      this.db
        .updateTable('site_settings')
        .set({ currency, donation_vote_price: donationVotePrice, updated_at: sql<Date>`now()` })
        .where('id', '=', 1),
    );
  }

  /**
   * Makes the list exactly `packages`, in their order, inside the caller's transaction: a package with an
   * id of the list keeps it (links and payments name it), one without is added, and one left out is
   * deleted, or retired when a payment names it. Answers the ids the list had before and has now; false
   * when an id is not one of the list's offered packages (nothing is changed that the caller keeps).
   */
  @GenerateSql({
    params: [
      null,
      [
        { id: 1, votes: 10, bonus: 2, price_minor: 1000 },
        { votes: 25, bonus: 5, price_minor: 2500 },
      ],
    ],
  })
  async replaceList(contestId: number | null, packages: readonly VotePackageInput[]): Promise<{ before: VotePackage[]; after: VotePackage[] } | false> {
    const before = await this.rows(
      this.db
        .selectFrom('vote_packages')
        .select(PACKAGE)
        .where((eb) => (contestId === null ? eb('contest_id', 'is', null) : eb('contest_id', '=', contestId)))
        .where('retired', '=', false)
        .orderBy('position')
        .orderBy('id')
        .forUpdate(),
    );
    const known = new Set(before.map((p) => p.id));
    if (packages.some((p) => p.id !== undefined && !known.has(p.id))) return false;
    // All of the list out of the way first, so two packages may trade vote counts (one offered package per count).
    if (before.length) {
      await this.run(
        this.db
          .updateTable('vote_packages')
          .set({ retired: true })
          .where(
            'id',
            'in',
            before.map((p) => p.id),
          ),
      );
    }
    for (const [position, p] of packages.entries()) {
      const values = { votes: p.votes, bonus: p.bonus, price_minor: p.price_minor, position: position + 1, retired: false };
      if (p.id !== undefined) await this.run(this.db.updateTable('vote_packages').set(values).where('id', '=', p.id));
      else await this.run(this.db.insertInto('vote_packages').values({ ...values, contest_id: contestId }));
    }
    const kept = new Set(packages.flatMap((p) => (p.id === undefined ? [] : [p.id])));
    const dropped = before.filter((p) => !kept.has(p.id)).map((p) => p.id);
    if (dropped.length) await this.deleteUnpaid(dropped);
    return { before, after: await this.offered(contestId) };
  }

  /** Every package of the contest's own list out of its offer (deleted, or retired when a payment names it). */
  @GenerateSql({ params: [1] })
  async clearContestList(contestId: number): Promise<VotePackage[]> {
    const before = await this.rows(
      this.db.updateTable('vote_packages').set({ retired: true }).where('contest_id', '=', contestId).where('retired', '=', false).returning(PACKAGE),
    );
    if (before.length) await this.deleteUnpaid(before.map((p) => p.id));
    return before;
  }

  /** Deletes those of `ids` that no payment names; the others stay (retired). */
  private async deleteUnpaid(ids: number[]): Promise<void> {
    await this.run(
      this.db
        .deleteFrom('vote_packages as v')
        .where('v.id', 'in', ids)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('payments as p').select(sql.lit(1).as('one')).whereRef('p.package_id', '=', 'v.id')))),
    );
  }
}
