import { HttpStatus, Injectable } from '@nestjs/common';
import type { ApiErrorItem } from '#contract/common/answers.js';
import type { ContestantProfile } from '#contract/profiles/answers.js';
import { KEPT_PICTURES_FIELD, PICTURES } from '#contract/profiles/constants.js';
import { PHOTO_MESSAGES, PICTURE_MESSAGES, PROFILE_MESSAGES } from '#contract/profiles/messages.js';
import { AUTH_GUARD_MESSAGES } from '#contract/auth/messages.js';
import { keptPicturesSchema, type MyProfileUpdate } from '#contract/profiles/requests.js';
import { detailError, ValidationFailed, zodIssuesToItems } from '#server/common/errors.js';
import { safeParseSaid } from '#server/common/i18n/zod-messages.js';
import type { MultipartForm } from '#server/common/http/multipart-form.js';
import { decodeSlots } from '#server/common/pictures/picture-limits.js';
import { inspectPicture, PictureProblem, processPicture, type PictureFormat, type ProcessedPicture } from '#server/common/pictures/picture-processor.js';
import { removePictures, storePictures } from '#server/common/pictures/picture-store.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { FileStorage } from '#server/infra/storage/storage.js';
import { UsersService } from './users.service.js';
import { MyPhotosRepository, type ProfilePictures } from './my-photos.repository.js';

/** The photos page takes jpg and png only; the checks and re-encoding are registration's. */
const PHOTO_FORMATS: readonly PictureFormat[] = ['jpeg', 'png'];
/** The folder of registration's pictures: a contestant's photos live together. */
const PHOTO_FOLDER = 'profiles';

const photoMessage = (kind: PictureProblem['kind'] | 'tooLarge') => (kind === 'badType' ? PHOTO_MESSAGES.badType : PICTURE_MESSAGES[kind]);
const fileItem = (index: number, kind: PictureProblem['kind'] | 'tooLarge'): ApiErrorItem => ({
  loc: ['body', 'files', index],
  msg: photoMessage(kind),
  type: kind === 'tooLarge' ? 'value_error.file_too_large' : kind === 'badType' ? 'value_error.file_type' : 'value_error.image',
});
const filesItem = (msg: string, type: string): ApiErrorItem => ({ loc: ['body', 'files'], msg, type });
const tooMany = () => new ValidationFailed([filesItem(PHOTO_MESSAGES.tooMany, 'value_error.too_many')]);

/** Only addresses that are already this contestant's photos may be kept: never another's or an arbitrary one. */
function foreignItems(kept: readonly string[], current: ProfilePictures): ApiErrorItem[] {
  const own = new Set(current.picturesUrls);
  return kept.flatMap((url, index): ApiErrorItem[] =>
    own.has(url) ? [] : [{ loc: ['body', 'pictures_urls', index], msg: PHOTO_MESSAGES.notYours, type: 'value_error.not_yours' }],
  );
}

/** The upload's list of saved photos to keep (a JSON text field), or null when it sends none. */
function keptOf(form: MultipartForm): string[] | null {
  const text = form.fields[KEPT_PICTURES_FIELD];
  if (text === undefined) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ValidationFailed([{ loc: ['body', KEPT_PICTURES_FIELD], msg: PHOTO_MESSAGES.keptList, type: 'value_error.json' }]);
  }
  const parsed = safeParseSaid(keptPicturesSchema, value);
  if (!parsed.success)
    throw new ValidationFailed(zodIssuesToItems(parsed.error.issues, 'body').map((i) => ({ ...i, loc: ['body', KEPT_PICTURES_FIELD, ...i.loc.slice(1)] })));
  return parsed.data;
}

/**
 * The signed-in contestant's photos: read, add (with, in the same step, the
 * saved photos to keep), and save the kept list (removals and order). Files are written before the
 * transaction that records them and removed again if it fails; files a change lets go of are removed
 * only after it commits. An upload is decoded in one of the process's decode slots.
 */
@Injectable()
export class MyPhotosService {
  constructor(
    private readonly users: UsersService,
    private readonly photos: MyPhotosRepository,
    private readonly storage: FileStorage,
  ) {}

  /** GET /contestants/my-profile. */
  async profile(userId: number): Promise<ContestantProfile> {
    const user = await this.users.findById(userId);
    if (!user) throw detailError(HttpStatus.UNAUTHORIZED, AUTH_GUARD_MESSAGES.notAuthenticated);
    return this.users.publicProfile(user.username);
  }

  /**
   * POST /contestants/my-profile/pictures: the new photos go after the kept ones (the form's
   * `pictures_urls`, else every saved one); the ones not kept are let go in the same transaction, so a
   * full set can be replaced in one step. (One upload per account at a time: UploadPlaceGuard, on the route.)
   */
  async add(userId: number, readForm: () => Promise<MultipartForm>): Promise<ContestantProfile> {
    const form = await readForm();
    const current = await this.photos.picturesOf(userId);
    if (!current) throw detailError(HttpStatus.NOT_FOUND, PROFILE_MESSAGES.notFound);
    if (form.tooManyFiles) throw tooMany();
    const keep = keptOf(form);
    if (form.files.length === 0) throw new ValidationFailed([filesItem(PHOTO_MESSAGES.noFiles, 'value_error.missing')]);
    if (keep) {
      const foreign = foreignItems(keep, current);
      if (foreign.length) throw new ValidationFailed(foreign);
    }
    if ((keep ?? current.picturesUrls).length + form.files.length > PICTURES.max) throw tooMany();
    await this.checkCheaply(form);

    const urls = await decodeSlots.run(async () => storePictures(this.storage, PHOTO_FOLDER, await this.processAll(form)));
    let removed: string[];
    try {
      removed = await this.swap(userId, keep, urls);
    } catch (err) {
      await removePictures(this.storage, urls);
      throw err;
    }
    await removePictures(this.storage, removed);
    return this.profile(userId);
  }

  /** PUT /contestants/my-profile: keeps the listed photos in the listed order; the others are deleted after the commit. */
  async save(userId: number, update: MyProfileUpdate): Promise<ContestantProfile> {
    const removed = await this.keep(userId, update.pictures_urls);
    await removePictures(this.storage, removed);
    return this.profile(userId);
  }

  /** The kept photos (all saved ones when `keep` is null) then the new ones; answers the photos let go. */
  @Transactional()
  private async swap(userId: number, keep: string[] | null, added: string[]): Promise<string[]> {
    const current = await this.locked(userId);
    const kept = keep ?? current.picturesUrls;
    // Another change may have landed since the first checks.
    const foreign = foreignItems(kept, current);
    if (foreign.length) throw new ValidationFailed(foreign);
    if (kept.length + added.length > PICTURES.max) throw tooMany();
    await this.photos.setPictures(current.profileId, [...kept, ...added]);
    const keptSet = new Set(kept);
    return current.picturesUrls.filter((url) => !keptSet.has(url));
  }

  /** Answers the photos no longer kept. */
  @Transactional()
  private async keep(userId: number, kept: string[]): Promise<string[]> {
    const current = await this.locked(userId);
    const foreign = foreignItems(kept, current);
    if (foreign.length) throw new ValidationFailed(foreign);
    await this.photos.setPictures(current.profileId, kept);
    const keptSet = new Set(kept);
    return current.picturesUrls.filter((url) => !keptSet.has(url));
  }

  private async locked(userId: number): Promise<ProfilePictures> {
    const current = await this.photos.lockPictures(userId);
    if (!current) throw detailError(HttpStatus.NOT_FOUND, PROFILE_MESSAGES.notFound);
    return current;
  }

  /** Size, type from the bytes and dimensions from the header: every file reported together, before any decoding. */
  private async checkCheaply(form: MultipartForm): Promise<void> {
    const items: ApiErrorItem[] = [];
    for (const [index, file] of form.files.entries()) {
      if (file.tooLarge) {
        items.push(fileItem(index, 'tooLarge'));
        continue;
      }
      try {
        await inspectPicture(file.data, PHOTO_FORMATS);
      } catch (err) {
        if (!(err instanceof PictureProblem)) throw err;
        items.push(fileItem(index, err.kind));
      }
    }
    if (items.length) throw new ValidationFailed(items);
  }

  /** Decoded and re-encoded one at a time (heavy work on a small machine); every refused file is reported. */
  private async processAll(form: MultipartForm): Promise<ProcessedPicture[]> {
    const done: ProcessedPicture[] = [];
    const items: ApiErrorItem[] = [];
    for (const [index, file] of form.files.entries()) {
      try {
        done.push(await processPicture(file.data, PHOTO_FORMATS));
      } catch (err) {
        if (!(err instanceof PictureProblem)) throw err;
        items.push(fileItem(index, err.kind));
      }
    }
    if (items.length) throw new ValidationFailed(items);
    return done;
  }
}
