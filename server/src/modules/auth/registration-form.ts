// Checks of the registration form that need no database.
import type { ApiErrorItem } from '#contract/common/answers.js';
import { pictureCountSchema, type RegistrationFields, registrationFieldsSchema } from '#contract/auth/requests.js';
import { PICTURE_MESSAGES } from '#contract/profiles/messages.js';
import { answersFieldSchema } from '#contract/questions/requests.js';
import { REGISTRATION_MESSAGES } from '#contract/auth/messages.js';
import { zodIssuesToItems } from '#server/common/errors.js';
import { safeParseSaid } from '#server/common/i18n/zod-messages.js';
import type { MultipartForm } from '#server/common/http/multipart-form.js';
import { inspectPicture, PictureProblem, type PictureFormat, type PictureProblemKind } from '#server/common/pictures/picture-processor.js';

/** Registration takes gif as well; the later photo pages take jpg and png only. */
export const REGISTRATION_FORMATS: readonly PictureFormat[] = ['jpeg', 'png', 'gif'];

const PICTURE_ITEM_TYPE: Record<PictureProblemKind | 'tooLarge', string> = {
  tooLarge: 'value_error.file_too_large',
  badType: 'value_error.file_type',
  corrupt: 'value_error.file_corrupt',
  tooBig: 'value_error.image_dimensions',
};

/** One 422 entry for the picture at `index`, located so a client can point at the file. */
export function pictureItem(index: number, kind: PictureProblemKind | 'tooLarge'): ApiErrorItem {
  return { loc: ['body', 'pictures', index], msg: PICTURE_MESSAGES[kind], type: PICTURE_ITEM_TYPE[kind] };
}

export type FormCheck = { ok: true; fields: RegistrationFields; answers: Record<string, string | null> } | { ok: false; items: ApiErrorItem[] };

/** The `answers` field's JSON (absent: none); undefined when it is not an object of answers. */
function parseAnswers(text: string | undefined): Record<string, string | null> | undefined {
  if (text === undefined || text.trim() === '') return {};
  try {
    const parsed = answersFieldSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every field rule and the cheap picture checks (count, size, type from the bytes, dimensions from
 * the header), all reported together as the client's form shows them. Decoding the pictures comes later.
 */
export async function checkRegistrationForm(form: MultipartForm): Promise<FormCheck> {
  if (form.tooManyFiles) {
    // The parser stopped at the extra file, so later fields were never read: report only this.
    return { ok: false, items: [{ loc: ['body', 'pictures'], msg: REGISTRATION_MESSAGES.picturesMax, type: 'value_error.too_big' }] };
  }
  const items: ApiErrorItem[] = [];
  const fields = safeParseSaid(registrationFieldsSchema, form.fields);
  if (!fields.success) items.push(...zodIssuesToItems(fields.error.issues, 'body'));
  const answers = fields.success ? parseAnswers(fields.data.answers) : {};
  if (answers === undefined) items.push({ loc: ['body', 'answers'], msg: REGISTRATION_MESSAGES.answersFormat, type: 'value_error.json' });

  const count = safeParseSaid(pictureCountSchema, form.sawFileField ? form.files.length : undefined);
  if (!count.success) {
    items.push(...zodIssuesToItems(count.error.issues, 'body').map((i) => ({ ...i, loc: ['body', 'pictures'] })));
  } else {
    for (const [index, file] of form.files.entries()) {
      if (file.tooLarge) {
        items.push(pictureItem(index, 'tooLarge'));
        continue;
      }
      try {
        await inspectPicture(file.data, REGISTRATION_FORMATS);
      } catch (err) {
        if (!(err instanceof PictureProblem)) throw err;
        items.push(pictureItem(index, err.kind));
      }
    }
  }
  return fields.success && answers !== undefined && items.length === 0 ? { ok: true, fields: fields.data, answers } : { ok: false, items };
}
