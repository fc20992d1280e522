// zod compiles its object parsers with `new Function` when it may, and finds out by trying once: under
// our CSP (script-src 'self', no 'unsafe-eval') that try is a reported violation on every page that
// parses a form. Jitless parsing is plenty fast for forms, so the client never tries.
import { config } from 'zod/v4/core';

config({ jitless: true });
