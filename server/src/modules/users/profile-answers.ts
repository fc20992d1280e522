import type { ProfileQuestion, ProfileAnswer } from '#contract/questions/answers.js';
import { PROFILE_ANSWER_FIELDS, type ProfileAnswerField } from '#contract/profiles/constants.js';

/** The active questions in order, each with the profile's stored answer (null when none). */
export function toProfileAnswers(active: readonly ProfileQuestion[], stored: ReadonlyMap<number, string>): ProfileAnswer[] {
  return active.map((q) => ({
    key: q.key,
    label: q.label,
    public_label: q.public_label,
    help: q.help,
    required: q.required,
    max_length: q.max_length,
    answer: stored.get(q.id) ?? null,
  }));
}

/** The first four questions' answers by their own fields: from the active question of that key, null otherwise. */
export function legacyAnswerFields(answers: readonly ProfileAnswer[]): Record<ProfileAnswerField, string | null> {
  const byKey = new Map(answers.map((a) => [a.key, a.answer]));
  return Object.fromEntries(PROFILE_ANSWER_FIELDS.map((field) => [field, byKey.get(field) ?? null])) as Record<ProfileAnswerField, string | null>;
}
