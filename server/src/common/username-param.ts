import { HttpStatus, Param, type PipeTransform } from '@nestjs/common';
import { USERNAME_PATTERN } from '#contract/auth/constants.js';
import { pathUsernameSchema } from '#contract/common/params.js';
import { PROFILE_MESSAGES } from '#contract/profiles/messages.js';
import { detailError } from './errors.js';

/** A username in a path: anything that could not be one is simply no such account (404), never a failed query. */
export class UsernamePipe implements PipeTransform<string, string> {
  /** What the API document says of the parameter. */
  readonly schema = pathUsernameSchema;
  readonly location = 'path';

  /** `notFound`: the 404's detail, the same as the call's own answer for an unknown username. */
  constructor(private readonly notFound: string = PROFILE_MESSAGES.notFound) {}

  transform(value: string): string {
    if (typeof value === 'string' && USERNAME_PATTERN.test(value)) return value;
    throw detailError(HttpStatus.NOT_FOUND, this.notFound);
  }
}

/** `@UsernameParam() username: string` for `:username` paths (a profile's, unless `notFound` names another 404). */
export const UsernameParam = (name = 'username', notFound?: string) => Param(name, new UsernamePipe(notFound));
