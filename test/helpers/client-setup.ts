import '@testing-library/jest-dom/jest-globals';
import { Blob, File } from 'node:buffer';
import { ReadableStream, TransformStream, WritableStream } from 'node:stream/web';
import { TextDecoder, TextEncoder } from 'node:util';
import { BroadcastChannel, MessagePort } from 'node:worker_threads';

// jsdom lacks what browsers have for the network, and msw (the client tests' fake network, which
// answers at the fetch boundary) needs it: the Fetch API (fetch, Request, Response, Headers, FormData)
// from undici, Node's own fetch implementation; streams, text codecs, BroadcastChannel and MessagePort
// from Node. React Router builds a Request for every navigation of a data router from the same globals.
Object.assign(globalThis, { TextEncoder, TextDecoder, ReadableStream, TransformStream, WritableStream, BroadcastChannel, MessagePort });
// undici sends as multipart only a FormData holding Blobs of the kind it saw when it loaded, and it reads
// them as streams, which jsdom's Blob cannot do: it loads with Node's Blob and File, and File stays
// Node's (a test's upload goes over the fake network). Blob goes back to jsdom's, which jsdom's
// FileReader (user-event's clipboard) needs.
const jsdomBlob = globalThis.Blob;
Object.assign(globalThis, { Blob, File });
const { fetch, FormData, Headers, Request, Response } = await import('undici');
Object.assign(globalThis, { Blob: jsdomBlob, fetch, FormData, Headers, Request, Response });

// jsdom reports scrolling as "not implemented"; the app scrolls on every route change.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = function scrollIntoView() {};
// jsdom cannot play media; a test that cares replaces these.
window.HTMLMediaElement.prototype.play = function play() {
  return Promise.resolve();
};
window.HTMLMediaElement.prototype.pause = function pause() {};

// Jest's ESM loader cannot link one module for two dynamic imports under way at once: the second ends
// in ERR_VM_MODULE_LINK_FAILURE ("request for … is not in cache"). A guarded route does exactly that
// (the dashboard's page and, after the redirect, the login page both bring the form libraries), which
// browsers handle. The form libraries are loaded once here, before any page, one after the other.
await import('zod');
await import('react-hook-form');
await import('@hookform/resolvers/zod');

// Toasts live in one store per test file (sonner's module), and a toast still showing when a test ends
// is handed to the next test's toaster as soon as it mounts: its text would then be on screen twice.
// Every test starts with none.
const { toast } = await import('sonner');
const { afterEach } = await import('@jest/globals');
afterEach(() => {
  toast.dismiss();
});

// A findBy… or waitFor gives up after 5 s, not Testing Library's 1 s: the first render of a lazily
// loaded page compiles its modules, which on a busy 2-core machine has taken over a second. A wait
// that succeeds returns as soon as it does, so this only changes how long a real failure takes.
const { configure } = await import('@testing-library/react');
configure({ asyncUtilTimeout: 5_000 });
