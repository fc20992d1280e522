import { Injectable, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { ValidationFailed, zodIssuesToItems } from './errors.js';
import { safeParseSaid } from './i18n/zod-messages.js';
import { findNulCharacter } from './nul-characters.js';

/**
 * Validates a body, query or path value with a contract schema; failures become the API's 422 list.
 * The API document reads `schema` and `location` back, so what is checked is what is documented.
 */
@Injectable()
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(
    readonly schema: S,
    readonly location: 'body' | 'query' | 'path' = 'body',
  ) {}

  transform(value: unknown): z.output<S> {
    const nul = findNulCharacter(value, this.location);
    if (nul) throw new ValidationFailed([nul]);
    const result = safeParseSaid(this.schema, value ?? {});
    if (!result.success) throw new ValidationFailed(zodIssuesToItems(result.error.issues, this.location));
    return result.data;
  }
}
