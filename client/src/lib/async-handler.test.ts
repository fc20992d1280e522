import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { asyncHandler } from './async-handler';

describe('asyncHandler', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('passes the arguments on and returns nothing', async () => {
    const work = jest.fn(async (_event: string, _n: number) => 'done');
    const handler = asyncHandler(work);
    expect(handler('click', 2)).toBeUndefined();
    await Promise.resolve();
    expect(work).toHaveBeenCalledWith('click', 2);
  });

  it('logs a failure the work did not handle', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    const failure = new Error('boom');
    asyncHandler(async () => {
      throw failure;
    })();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(logged).toHaveBeenCalledWith('An event handler failed', failure);
  });
});
