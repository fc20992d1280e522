import { HttpStatus, Injectable } from '@nestjs/common';
import type { ApiErrorItem, ContestantProfile } from '#contract/api-types.js';
import { PICTURES } from '#contract/constants.js';
import { PICTURE_MESSAGES, AUTH_GUARD_MESSAGES } from '#contract/messages.js';
import { PHOTO_MESSAGES, type MyProfileUpdate } from '#contract/photo-schemas.js';
import { PROFILE_MESSAGES } from '#contract/votes.js';
import { detailError, ValidationFailed } from '#server/common/errors.js';
import type { MultipartForm } from '#server/common/http/multipart-form.js';
import { PictureProblem, processPicture, sniffPictureFormat, type PictureFormat, type ProcessedPicture } from '#server/common/pictures/picture-processor.js';
import { removePictures, storePictures } from '#server/common/pictures/picture-store.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { FileStorage } from '#server/infra/storage/storage.js';
import { UsersService } from '../users/users.service.js';
import { MyPhotosRepository, type ProfilePictures } from './my-photos.repository.js';

/** The photos page takes jpg and png only (spec 001 §5); the checks and re-encoding are registration's. */
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

/**
 * The signed-in contestant's photos (spec 001 §2 Photos, §7): read, add, and save the kept list
 * (removals and order). Files are written before the transaction that records them and removed
 * again if it fails; files a save lets go of are removed only after it commits.
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

  /** POST /contestants/my-profile/pictures: the new photos go after the kept ones. */
  async add(userId: number, form: MultipartForm): Promise<ContestantProfile> {
    const current = await this.photos.picturesOf(userId);
    if (!current) throw detailError(HttpStatus.NOT_FOUND, PROFILE_MESSAGES.notFound);
    if (form.tooManyFiles) throw tooMany();
    if (form.files.length === 0) throw new ValidationFailed([filesItem(PHOTO_MESSAGES.noFiles, 'value_error.missing')]);
    await this.checkCheaply(form);
    if (current.picturesUrls.length + form.files.length > PICTURES.max) throw tooMany();

    const urls = await storePictures(this.storage, PHOTO_FOLDER, await this.processAll(form));
    try {
      await this.append(userId, urls);
    } catch (err) {
      await removePictures(this.storage, urls);
      throw err;
    }
    return this.profile(userId);
  }

  /** PUT /contestants/my-profile: keeps the listed photos in the listed order; the others are deleted after the commit. */
  async save(userId: number, update: MyProfileUpdate): Promise<ContestantProfile> {
    const removed = await this.keep(userId, update.pictures_urls);
    await removePictures(this.storage, removed);
    return this.profile(userId);
  }

  @Transactional()
  private async append(userId: number, urls: string[]): Promise<void> {
    const current = await this.locked(userId);
    // Another upload may have landed since the first count.
    if (current.picturesUrls.length + urls.length > PICTURES.max) throw tooMany();
    await this.photos.setPictures(current.profileId, [...current.picturesUrls, ...urls]);
  }

  /** Answers the photos no longer kept. */
  @Transactional()
  private async keep(userId: number, kept: string[]): Promise<string[]> {
    const current = await this.locked(userId);
    const own = new Set(current.picturesUrls);
    // Only addresses that are already this contestant's photos: never another's or an arbitrary one.
    const foreign = kept.flatMap((url, index): ApiErrorItem[] =>
      own.has(url) ? [] : [{ loc: ['body', 'pictures_urls', index], msg: PHOTO_MESSAGES.notYours, type: 'value_error.not_yours' }],
    );
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

  /** Size and type from the bytes, every file reported together before any decoding. */
  private async checkCheaply(form: MultipartForm): Promise<void> {
    const items: ApiErrorItem[] = [];
    for (const [index, file] of form.files.entries()) {
      if (file.tooLarge) items.push(fileItem(index, 'tooLarge'));
      else if (!(await sniffPictureFormat(file.data, PHOTO_FORMATS))) items.push(fileItem(index, 'badType'));
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
