import { createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';

export interface Voter {
  /** HMAC-SHA256 of the address under VOTER_HASH_KEY (hex): stored and compared, never the address. */
  addressHash: string;
  userId: number | null;
}

/**
 * Who is voting, as the free-vote rule sees it (spec 000 §9: one per contestant per 24 hours):
 * the client's address, and the user when signed in. Either one having voted blocks the vote.
 */
@Injectable()
export class VoterKeys {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  voter(address: string, userId: number | null): Voter {
    const key = this.config.VOTER_HASH_KEY;
    // main.ts fills it in (generated in one-process mode); config validation requires it in scaled mode.
    if (!key) throw new Error('VOTER_HASH_KEY is not set');
    return { addressHash: createHmac('sha256', key).update(address).digest('hex'), userId };
  }

  /** The limiter's keys for this voter: the address, and the user when signed in. */
  keys(voter: Voter): string[] {
    return voter.userId === null ? [`a:${voter.addressHash}`] : [`a:${voter.addressHash}`, `u:${voter.userId}`];
  }
}
