import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { fileTypeFromBuffer } from 'file-type';
import { MY_DATA_MESSAGES } from '#contract/account/messages.js';
import { AUTH_GUARD_MESSAGES } from '#contract/auth/messages.js';
import { detailError } from '#server/common/errors.js';
import { throttleKey } from '#server/common/throttle-keys.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { RateLimiter } from '#server/infra/rate-limit/rate-limiter.js';
import { FileStorage } from '#server/infra/storage/storage.js';
import { AccountDataRepository, type AccountRow } from './account-data.repository.js';

const HOUR_SECONDS = 3600;

/**
 * The download's format, named in the file so a later change can be told apart. 2: each photo carries
 * its bytes (`content_type`, `size`, `data_base64`) beside its address, which dies with the account.
 */
export const MY_DATA_FORMAT = 'screamstage-my-data/2';

/** Bytes per base64 piece of a photo: a multiple of 3, so the pieces join into one valid base64 text. */
const BASE64_PIECE_BYTES = 3 * 64 * 1024;

/**
 * GET /users/me/data: everything the site holds about the signed-in account, as one JSON document
 * written section by section as it is read, each photo's bytes read and written one photo at a time. At most
 * MY_DATA_DOWNLOADS_PER_HOUR downloads per account an hour.
 */
@Injectable()
export class MyDataService {
  constructor(
    private readonly data: AccountDataRepository,
    private readonly limiter: RateLimiter,
    private readonly storage: FileStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Checks the limit and that the account is there, then answers the document's pieces to stream. */
  async download(userId: number, now = new Date()): Promise<AsyncGenerator<string>> {
    const { hits } = await this.limiter.hit(throttleKey(this.config.JWT_SECRET!, 'my-data', String(userId)), HOUR_SECONDS);
    if (hits > this.config.MY_DATA_DOWNLOADS_PER_HOUR) throw detailError(HttpStatus.TOO_MANY_REQUESTS, MY_DATA_MESSAGES.downloadLimited);
    const account = await this.data.account(userId);
    if (!account) throw detailError(HttpStatus.UNAUTHORIZED, AUTH_GUARD_MESSAGES.notAuthenticated);
    return this.pieces(account, now);
  }

  private async *pieces(a: AccountRow, now: Date): AsyncGenerator<string> {
    const field = (name: string, value: unknown, first = false) => `${first ? '' : ',\n'}${JSON.stringify(name)}: ${JSON.stringify(value, null, 2)}`;
    yield '{\n';
    yield field('format', MY_DATA_FORMAT, true);
    yield field('exported_at', now.toISOString());
    yield field('account', {
      id: a.id,
      username: a.username,
      email: a.email,
      first_name: a.first_name,
      last_name: a.last_name,
      phone_number: a.phone_number,
      language: a.locale,
      created_at: a.created_at,
      last_sign_in_at: a.last_login_at,
      deletion_due_at: a.deletion_due_at,
      is_contestant: a.is_competitor,
      email_verified: a.is_verified,
      staff_role: a.staff_role,
    });
    yield field('sign_in', {
      // The password itself is never stored; only whether the account has one of its own.
      password: a.password_set,
      two_factor: a.two_factor_enabled_at !== null,
      two_factor_enabled_at: a.two_factor_enabled_at,
      recovery_codes_left: a.two_factor_enabled_at ? await this.data.recoveryCodesLeft(a.id) : 0,
      linked_providers: await this.data.linkedProviders(a.id),
    });
    yield field('social_links', { instagram: a.instagram, tiktok: a.tiktok });
    yield field(
      'profile',
      a.profile_id === null
        ? null
        : {
            category: a.category,
            biography: a.biography,
            answers: await this.data.answers(a.profile_id),
            total_votes: a.total_votes,
            paid_votes: a.paid_votes,
            profile_views: a.profile_views,
          },
    );
    yield ',\n"photos": [';
    yield* this.photos(a.pictures_urls ?? []);
    yield ']';
    yield field('mail_preferences', await this.data.mailPreferences(a.id));
    yield field('contest_entries', await this.data.entries(a.id));
    yield field('votes_received_by_day', await this.data.votesReceivedByDay(a.id));
    yield field('votes_cast', await this.data.votesCast(a.id));
    yield field('payments', await this.data.payments(a.id));
    yield field('support_messages', await this.data.supportMessages(a.id));
    yield '\n}\n';
  }

  /**
   * The photos as JSON objects, one read from the storage at a time, its base64 text written in pieces.
   * A photo whose file is gone keeps its address with null bytes, so the file still says it existed.
   */
  private async *photos(urls: readonly string[]): AsyncGenerator<string> {
    for (const [i, stored] of urls.entries()) {
      const url = new URL(stored, `${this.config.publicUrl}/`).href;
      const data = await this.storage.read(stored);
      const head = `${i === 0 ? '' : ','}\n  {"url": ${JSON.stringify(url)}`;
      if (!data) {
        yield `${head}, "content_type": null, "size": null, "data_base64": null}`;
        continue;
      }
      // The type from the bytes, as an upload's is decided.
      const type = (await fileTypeFromBuffer(data))?.mime ?? 'application/octet-stream';
      yield `${head}, "content_type": ${JSON.stringify(type)}, "size": ${data.length}, "data_base64": "`;
      for (let at = 0; at < data.length; at += BASE64_PIECE_BYTES) yield data.subarray(at, at + BASE64_PIECE_BYTES).toString('base64');
      yield '"}';
    }
    if (urls.length > 0) yield '\n';
  }
}
