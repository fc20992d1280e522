import { HttpStatus, Param, type PipeTransform } from '@nestjs/common';
import { USERNAME_PATTERN } from '#contract/auth/constants.js';
import { pathUsernameSchema } from '#contract/common/params.js';
import { PROFILE_MESSAGES } from '#contract/profiles/messages.js';
import { detailError } from './errors.js';

/** A username in a path: anything that could not be one is simply no profile (404), never a failed query. */
export class UsernamePipe implements PipeTransform<string, string> {
  /** What the API document says of the parameter. */
  readonly schema = pathUsernameSchema;
  readonly location = 'path';

  transform(value: string): string {
    if (typeof value === 'string' && USERNAME_PATTERN.test(value)) return value;
    throw detailError(HttpStatus.NOT_FOUND, PROFILE_MESSAGES.notFound);
  }
}

/** `@UsernameParam() username: string` for `:username` paths. */
export const UsernameParam = (name = 'username') => Param(name, new UsernamePipe());
