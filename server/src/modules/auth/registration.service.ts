import { HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type { ApiErrorItem } from '#contract/common/answers.js';
import type { RegistrationResponse } from '#contract/auth/answers.js';
import type { RegistrationFields } from '#contract/auth/requests.js';
import { ACCOUNT_RESULT_MESSAGES, CONFLICT_MESSAGES, REGISTRATION_MESSAGES } from '#contract/auth/messages.js';
import { PICTURE_UPLOAD_MESSAGES } from '#contract/profiles/messages.js';
import type { Locale } from '#contract/site/constants.js';
import { ValidationFailed } from '#server/common/errors.js';
import type { MultipartForm, UploadedFile } from '#server/common/http/multipart-form.js';
import { decodeSlots, PICTURE_LIMITS, withUploadPlace } from '#server/common/pictures/picture-limits.js';
import { PictureProblem, processPicture, type ProcessedPicture } from '#server/common/pictures/picture-processor.js';
import { removePictures, storePictures } from '#server/common/pictures/picture-store.js';
import { throttleKey } from '#server/common/throttle-keys.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { ConcurrencyLimiter } from '#server/infra/rate-limit/concurrency-limiter.js';
import { RateLimiter } from '#server/infra/rate-limit/rate-limiter.js';
import { FileStorage } from '#server/infra/storage/storage.js';
import type { UserEntity } from '#server/modules/users/entities/user.entity.js';
import { UsersService } from '#server/modules/users/users.service.js';
import type { NewContestant, TakenField } from '#server/modules/users/users.types.js';
import { AccountMail } from './account-mail.service.js';
import { PROFILE_PICTURE_FOLDER } from './auth.constants.js';
import { EmailTokens } from './email-tokens.service.js';
import { hashPassword } from './password.js';
import { checkRegistrationForm, pictureItem, REGISTRATION_FORMATS } from './registration-form.js';

const HOUR_SECONDS = 3600;

/** 429 with the seconds to wait; the controller copies them into Retry-After. */
export class TooManyRegistrations extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super({ detail: REGISTRATION_MESSAGES.tooMany }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

const conflict = (field: TakenField) =>
  new HttpException({ detail: field === 'username' ? CONFLICT_MESSAGES.usernameTaken : CONFLICT_MESSAGES.emailTaken }, HttpStatus.CONFLICT);

/**
 * POST /auth/register-contestant: cheap checks first, then the uniqueness check, then the
 * costly picture work; user, profile and verification token are written in one transaction,
 * and stored pictures are removed again if that fails (nothing half-made is left behind).
 */
@Injectable()
export class RegistrationService {
  private readonly logger = new Logger('Registration');

  constructor(
    private readonly users: UsersService,
    private readonly tokens: EmailTokens,
    private readonly mail: AccountMail,
    private readonly storage: FileStorage,
    private readonly limiter: RateLimiter,
    private readonly places: ConcurrencyLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * At most REGISTRATIONS_PER_HOUR accounts an hour from one client address. The slot
   * is taken before the form is even read (atomically, so simultaneous requests cannot all slip
   * under the limit) and given back when no account comes of it: a refused form does not count.
   */
  async registerFrom(clientAddress: string, locale: Locale, readForm: () => Promise<MultipartForm>): Promise<RegistrationResponse> {
    // A registration carries pictures: a few in progress per address (429 at once beyond), before anything is counted or read.
    const place = throttleKey(this.config.JWT_SECRET!, 'picture-upload-addr', clientAddress);
    return withUploadPlace(this.places, place, PICTURE_LIMITS.perAddress, PICTURE_UPLOAD_MESSAGES.addressBusy, () =>
      this.countedFrom(clientAddress, locale, readForm),
    );
  }

  private async countedFrom(clientAddress: string, locale: Locale, readForm: () => Promise<MultipartForm>): Promise<RegistrationResponse> {
    const key = throttleKey(this.config.JWT_SECRET!, 'register-addr', clientAddress);
    const { hits, retryAfter } = await this.limiter.hit(key, HOUR_SECONDS);
    try {
      if (hits > this.config.REGISTRATIONS_PER_HOUR) throw new TooManyRegistrations(Math.max(1, retryAfter));
      return await this.register(await readForm(), locale);
    } catch (err) {
      await this.limiter.release(key, HOUR_SECONDS).catch(() => undefined);
      throw err;
    }
  }

  /** An account registered in `locale`: its e-mails, the first of them the verification, are written in it. */
  private async register(form: MultipartForm, locale: Locale): Promise<RegistrationResponse> {
    const check = await checkRegistrationForm(form);
    if (!check.ok) throw new ValidationFailed(check.items);
    const { fields } = check;
    // The category registration offers now and the required profile questions' answers.
    const profile = await this.users.checkNewProfile(fields.category, check.answers);
    if (profile.items.length) throw new ValidationFailed(profile.items);

    const taken = await this.users.findTaken(fields.username, fields.email);
    if (taken) throw conflict(taken);

    const passwordHash = await hashPassword(fields.password);
    const urls = await decodeSlots.run(async () => storePictures(this.storage, PROFILE_PICTURE_FOLDER, await this.processPictures(form.files)));

    let created: { user: UserEntity; token: string };
    try {
      created = await this.createAccount({ ...this.newContestant(fields, passwordHash, urls), answers: profile.answers, locale });
    } catch (err) {
      await removePictures(this.storage, urls);
      throw err;
    }

    try {
      await this.mail.sendVerification(created.user, created.token);
    } catch (err) {
      // The account exists; the user can ask for the e-mail again from the success page.
      this.logger.error(`Could not queue the verification e-mail of user ${created.user.id}: ${(err as Error).message}`);
    }
    return { email: created.user.email, username: created.user.username, message: ACCOUNT_RESULT_MESSAGES.registered };
  }

  /** User, profile and verification token, all or nothing. */
  @Transactional()
  private async createAccount(contestant: NewContestant): Promise<{ user: UserEntity; token: string }> {
    const user = await this.users.createContestant(contestant);
    // Someone registered the name or address between our check and the insert.
    if (!user) throw conflict((await this.users.findTaken(contestant.username, contestant.email)) ?? 'username');
    return { user, token: await this.tokens.issue(user.id, 'verify_email') };
  }

  /** One at a time (decoding is heavy; the machine may be small); every refused picture is reported. */
  private async processPictures(files: UploadedFile[]): Promise<ProcessedPicture[]> {
    const done: ProcessedPicture[] = [];
    const items: ApiErrorItem[] = [];
    for (const [index, file] of files.entries()) {
      try {
        done.push(await processPicture(file.data, REGISTRATION_FORMATS));
      } catch (err) {
        if (!(err instanceof PictureProblem)) throw err;
        items.push(pictureItem(index, err.kind));
      }
    }
    if (items.length) throw new ValidationFailed(items);
    return done;
  }

  private newContestant(fields: RegistrationFields, passwordHash: string, picturesUrls: string[]): Omit<NewContestant, 'answers' | 'locale'> {
    return {
      username: fields.username,
      email: fields.email,
      passwordHash,
      firstName: fields.first_name,
      lastName: fields.last_name,
      phoneNumber: fields.phone_number,
      instagram: fields.instagram ?? null,
      tiktok: fields.tiktok ?? null,
      category: fields.category,
      biography: fields.biography,
      picturesUrls,
    };
  }
}
