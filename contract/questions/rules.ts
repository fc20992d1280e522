// The answer rules both sides apply: each active question's answer, trimmed, within its limit, and present
// when the question is required. No zod: the forms call it with the questions the API answered.

import { QUESTION_MESSAGES as M } from './messages.js';

export interface QuestionRule {
  key: string;
  label: string;
  required: boolean;
  max_length: number;
}

export interface AnswerProblem {
  key: string;
  message: string;
}

/** An answer as it is kept: trimmed, and null when blank. */
export const keptAnswer = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** The problems of these answers (by key, as kept) against the questions, in the questions' order. */
export function answerProblems(questions: readonly QuestionRule[], answers: Readonly<Record<string, string | null | undefined>>): AnswerProblem[] {
  const problems: AnswerProblem[] = [];
  for (const q of questions) {
    const value = keptAnswer(answers[q.key]);
    if (value === null) {
      if (q.required) problems.push({ key: q.key, message: M.answerRequired(q.label) });
    } else if (value.length > q.max_length) {
      problems.push({ key: q.key, message: M.answerTooLong(q.label, q.max_length) });
    }
  }
  return problems;
}
