import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { ProfileQuestion } from '#contract/questions/answers.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GenerateSql } from '#server/infra/database/generate-sql.js';
import { queryBuilder as db } from '#server/infra/database/query-builder.js';
import type { NewQuestion, QuestionChanges } from './profile-questions.types.js';

const COLUMNS = ['id', 'key', 'label', 'public_label', 'help', 'required', 'max_length', 'position', 'retired'] as const;

/** The order of every list: active questions by position, then the retired ones, each by id on a tie. */
const ordered = () => db.selectFrom('profile_questions').select(COLUMNS).orderBy('retired').orderBy('position').orderBy('id');

const SAMPLE_QUESTION: NewQuestion = {
  key: 'favourite_scream',
  label: 'What is your favourite scream?',
  public_label: 'My favourite scream',
  help: 'A film, a scene...',
  required: false,
  max_length: 300,
};

/** The profile questions an organizer edits; answers are the users module's (profile_answers). */
@Injectable()
export class ProfileQuestionsRepository extends BaseRepository {
  /** Every question, active ones first in their order, then the retired ones. */
  @GenerateSql()
  async list(): Promise<ProfileQuestion[]> {
    return this.rows(ordered());
  }

  /**
   * The same list with every row locked until the transaction ends, so two organizers' additions and moves
   * run one after the other and positions stay distinct. (An empty table locks nothing: the first two
   * additions may share a position, which the order by id still tells apart.)
   */
  @GenerateSql()
  async lockAll(): Promise<ProfileQuestion[]> {
    return this.rows(ordered().forUpdate());
  }

  /** Whether any question exists (retired ones count: a site that has questions never gets the defaults again). */
  @GenerateSql()
  async any(): Promise<boolean> {
    return (await this.first(db.selectFrom('profile_questions').select('id').limit(1))) !== undefined;
  }

  /** These questions, numbered 1, 2, 3… in order; a key already there is skipped (a simultaneous start wrote it). */
  @GenerateSql({ params: [[SAMPLE_QUESTION]] })
  async insertDefaults(questions: readonly NewQuestion[]): Promise<void> {
    if (!questions.length) return;
    await this.run(
      db
        .insertInto('profile_questions')
        .values(questions.map((q, i) => ({ ...q, position: i + 1 })))
        .onConflict((oc) => oc.column('key').doNothing()),
    );
  }

  /** A new question; null when its key is taken (nothing written). */
  @GenerateSql({ params: [SAMPLE_QUESTION, 5] })
  async insert(question: NewQuestion, position: number): Promise<ProfileQuestion | null> {
    const row = await this.first(
      db
        .insertInto('profile_questions')
        .values({ ...question, position })
        .onConflict((oc) => oc.column('key').doNothing())
        .returning(COLUMNS),
    );
    return row ?? null;
  }

  /** Writes the changes given and answers the question as stored; null when there is no such question. */
  @GenerateSql({ params: [1, { label: 'What drives you?', retired: false, position: 5 }] })
  async update(id: number, changes: QuestionChanges): Promise<ProfileQuestion | null> {
    const row = await this.first(
      db
        .updateTable('profile_questions')
        .set({ ...changes, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .returning(COLUMNS),
    );
    return row ?? null;
  }

  /** Numbers these questions 1, 2, 3… in the order given (one statement). */
  @GenerateSql({ params: [[3, 1, 2]] })
  async setPositions(ids: number[]): Promise<void> {
    if (!ids.length) return;
    await this.run(
      db
        .updateTable('profile_questions')
        .set({ position: sql<number>`array_position(${ids}::int[], id)`, updated_at: sql<Date>`now()` })
        .where('id', 'in', ids),
    );
  }
}
