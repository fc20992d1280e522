import type { ProfileQuestion } from '#contract/questions/answers.js';

/** A question as an organizer adds it (its position is given apart). */
export type NewQuestion = Pick<ProfileQuestion, 'key' | 'label' | 'public_label' | 'help' | 'required' | 'max_length'>;

/** The columns an edit or a move writes; a value left out is not written. */
export type QuestionChanges = Partial<Pick<ProfileQuestion, 'label' | 'public_label' | 'help' | 'required' | 'max_length' | 'retired' | 'position'>>;
