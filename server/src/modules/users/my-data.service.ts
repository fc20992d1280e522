import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { MY_DATA_MESSAGES } from '#contract/account/messages.js';
import { AUTH_GUARD_MESSAGES } from '#contract/auth/messages.js';
import { detailError } from '#server/common/errors.js';
import { throttleKey } from '#server/common/throttle-keys.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { RateLimiter } from '#server/infra/rate-limit/rate-limiter.js';
import { AccountDataRepository, type AccountRow } from './account-data.repository.js';

const HOUR_SECONDS = 3600;

/** The download's format, named in the file so a later change can be told apart. */
export const MY_DATA_FORMAT = 'screamstage-my-data/1';

/**
 * GET /users/me/data: everything the site holds about the signed-in account, as one JSON document
 * written section by section as it is read (photos as their addresses). At most
 * MY_DATA_DOWNLOADS_PER_HOUR downloads per account an hour.
 */
@Injectable()
export class MyDataService {
  constructor(
    private readonly data: AccountDataRepository,
    private readonly limiter: RateLimiter,
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
    yield field(
      'photos',
      (a.pictures_urls ?? []).map((url) => ({ url: new URL(url, `${this.config.publicUrl}/`).href })),
    );
    yield field('mail_preferences', await this.data.mailPreferences(a.id));
    yield field('contest_entries', await this.data.entries(a.id));
    yield field('votes_received_by_day', await this.data.votesReceivedByDay(a.id));
    yield field('votes_cast', await this.data.votesCast(a.id));
    yield field('payments', await this.data.payments(a.id));
    yield field('support_messages', await this.data.supportMessages(a.id));
    yield '\n}\n';
  }
}
