import '@testing-library/jest-dom/jest-globals';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks a few things browsers have that React Router relies on: TextEncoder, and a Request
// for every navigation of a data router (it reads only url, method and signal of it).
Object.assign(globalThis, { TextEncoder, TextDecoder });
if (typeof globalThis.Request === 'undefined') {
  class MinimalRequest {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal;
    readonly headers: unknown;
    readonly body: unknown;
    constructor(input: string | URL | MinimalRequest, init: { method?: string; signal?: AbortSignal; headers?: unknown; body?: unknown } = {}) {
      this.url = input instanceof MinimalRequest ? input.url : String(input);
      this.method = (init.method ?? 'GET').toUpperCase();
      this.signal = init.signal ?? new AbortController().signal;
      this.headers = init.headers;
      this.body = init.body ?? null;
    }
  }
  Object.assign(globalThis, { Request: MinimalRequest });
}
// jsdom reports scrolling as "not implemented"; the app scrolls on every route change.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = function scrollIntoView() {};
// jsdom cannot play media; a test that cares replaces these.
window.HTMLMediaElement.prototype.play = function play() {
  return Promise.resolve();
};
window.HTMLMediaElement.prototype.pause = function pause() {};
