import { SetMetadata } from '@nestjs/common';
import type { JobDefinition } from './jobs.js';

export const JOB_HANDLER = 'screamstage:job-handler';

/** Marks a service method as the handler of one job; the method takes that job's payload. */
export const OnJob =
  <Payload>(job: JobDefinition<Payload>) =>
  <Method extends (payload: Payload) => Promise<void>>(target: object, method: string | symbol, descriptor: TypedPropertyDescriptor<Method>): void => {
    SetMetadata(JOB_HANDLER, job)(target, method, descriptor);
  };
