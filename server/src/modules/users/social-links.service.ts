import { HttpStatus, Injectable } from '@nestjs/common';
import { AUTH_GUARD_MESSAGES } from '#contract/auth/messages.js';
import type { SocialLinks } from '#contract/profiles/answers.js';
import { detailError } from '#server/common/errors.js';
import { SocialLinksRepository } from './social-links.repository.js';

/** GET and PUT /users/social-links: the signed-in user's own links, already checked and normalised by the contract schema. */
@Injectable()
export class SocialLinksService {
  constructor(private readonly links: SocialLinksRepository) {}

  async get(userId: number): Promise<SocialLinks> {
    const links = await this.links.find(userId);
    // Deleted between the guard's lookup and now: the same answer as for any vanished account.
    if (!links) throw detailError(HttpStatus.UNAUTHORIZED, AUTH_GUARD_MESSAGES.notAuthenticated);
    return links;
  }

  async update(userId: number, links: SocialLinks): Promise<SocialLinks> {
    if (!(await this.links.save(userId, links))) throw detailError(HttpStatus.UNAUTHORIZED, AUTH_GUARD_MESSAGES.notAuthenticated);
    return links;
  }
}
