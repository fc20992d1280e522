// React ignores what an event handler returns, so a promise handed back to it would be dropped, and a
// failure with it. A handler that starts async work goes through asyncHandler: the work reports the
// failures it expects itself (a toast, a form error); one it does not expect is logged here.

/** `work` as an event handler that returns nothing: its arguments (the event) pass through. */
export function asyncHandler<A extends unknown[]>(work: (...args: A) => Promise<unknown>): (...args: A) => void {
  return (...args) => {
    work(...args).catch((error: unknown) => {
      console.error('An event handler failed', error);
    });
  };
}
