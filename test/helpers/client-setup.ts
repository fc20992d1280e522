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
