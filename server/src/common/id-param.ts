import { Param, type PipeTransform } from '@nestjs/common';
import { MAX_PATH_ID, pathIdSchema } from '#contract/common/params.js';
import { PATH_MESSAGES } from '#contract/common/messages.js';
import { ValidationFailed } from './errors.js';

/** PostgreSQL's integer: a larger id would make the database fail the query (a 500). */
export const MAX_ID = MAX_PATH_ID;

/**
 * A path id: a positive whole number that fits the id columns, written plainly (no leading zeros,
 * sign, exponent or spaces: /contests/00001 is not contest 1), else 422 naming the parameter.
 */
export class IdPipe implements PipeTransform<string, number> {
  /** What the API document says of the parameter. */
  readonly schema = pathIdSchema;
  readonly location = 'path';

  constructor(private readonly name: string) {}

  transform(value: string): number {
    const id = /^[1-9]\d{0,9}$/.test(value) ? Number(value) : NaN;
    if (id >= 1 && id <= MAX_ID) return id;
    throw new ValidationFailed([{ loc: ['path', this.name], msg: PATH_MESSAGES.invalidId, type: 'type_error.integer' }]);
  }
}

/** `@IdParam('id') id: number` */
export const IdParam = (name: string) => Param(name, new IdPipe(name));
