import { Inject, Injectable } from '@nestjs/common';
import { mailboxOf, throttleKey } from '#server/common/throttle-keys.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { RateLimiter } from '#server/infra/rate-limit/rate-limiter.js';

const HOUR_SECONDS = 3600;

/**
 * Verification and reset e-mails asked for: at most ACCOUNT_MAILS_PER_HOUR of each kind an hour per
 * mailbox, counted with `+tag`s and letter case folded (`Ann+1@x` and `ann@x` reach one inbox, so
 * they share one count). Every request counts; the callers drop the extra ones silently (their
 * answer must not tell whether an account exists).
 */
@Injectable()
export class AccountMailLimit {
  constructor(
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async allows(kind: 'verify' | 'reset', email: string): Promise<boolean> {
    const key = throttleKey(this.config.JWT_SECRET!, `mail-${kind}`, mailboxOf(email));
    const { hits } = await this.limiter.hit(key, HOUR_SECONDS);
    return hits <= this.config.ACCOUNT_MAILS_PER_HOUR;
  }
}
