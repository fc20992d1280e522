import type { NewQuestion } from './profile-questions.types.js';

/**
 * The four questions a new site starts with (the answer columns profiles had before questions were rows),
 * optional and 500 characters each; the migration writes the same four where profiles already exist.
 */
export const DEFAULT_QUESTIONS: readonly NewQuestion[] = [
  {
    key: 'horror_passion',
    label: 'What drives your passion for horror?',
    public_label: 'What drives my passion for horror',
    help: 'The film that hooked you, the feeling you chase...',
    required: false,
    max_length: 500,
  },
  {
    key: 'character_qualities',
    label: 'What qualities do you bring to a character?',
    public_label: 'Qualities I bring to a character',
    help: 'What makes your performances unforgettable?',
    required: false,
    max_length: 500,
  },
  {
    key: 'dreams_and_goals',
    label: 'What are your dreams and goals?',
    public_label: 'My dreams and goals',
    help: 'Where do you want your acting to take you?',
    required: false,
    max_length: 500,
  },
  {
    key: 'ideal_horror_role',
    label: 'What is your ideal horror role?',
    public_label: 'My ideal horror role',
    help: 'Final girl, creature, villain...',
    required: false,
    max_length: 500,
  },
];
