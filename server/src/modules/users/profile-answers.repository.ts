import { Injectable } from '@nestjs/common';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GenerateSql } from '#server/infra/database/generate-sql.js';
import { queryBuilder as db } from '#server/infra/database/query-builder.js';
import type { AnswerChange } from './users.types.js';

/** The profiles' answers to the profile questions, one row per answered question (retired questions' too). */
@Injectable()
export class ProfileAnswersRepository extends BaseRepository {
  /** A profile's answers by question id. */
  @GenerateSql({ params: [1] })
  async ofProfile(profileId: number): Promise<Map<number, string>> {
    const rows = await this.rows(db.selectFrom('profile_answers').select(['question_id', 'answer']).where('profile_id', '=', profileId));
    return new Map(rows.map((r) => [r.question_id, r.answer]));
  }

  /** Writes these answers of the profile: a text is stored (replacing the one before), null removes it. */
  @GenerateSql({
    params: [
      1,
      [
        { questionId: 1, answer: 'Screaming at midnight.' },
        { questionId: 2, answer: null },
      ],
    ],
  })
  async save(profileId: number, changes: AnswerChange[]): Promise<void> {
    const kept = changes.filter((c): c is AnswerChange & { answer: string } => c.answer !== null);
    const removed = changes.filter((c) => c.answer === null).map((c) => c.questionId);
    if (kept.length) {
      await this.run(
        db
          .insertInto('profile_answers')
          .values(kept.map((c) => ({ profile_id: profileId, question_id: c.questionId, answer: c.answer })))
          .onConflict((oc) => oc.columns(['profile_id', 'question_id']).doUpdateSet((eb) => ({ answer: eb.ref('excluded.answer') }))),
      );
    }
    if (removed.length) {
      await this.run(db.deleteFrom('profile_answers').where('profile_id', '=', profileId).where('question_id', 'in', removed));
    }
  }
}
