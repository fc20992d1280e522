// Texts written outside components (lib/*: a next vote's "today at 9:15 PM", a failed request's note),
// in the language dates and counts are written in: the server drawing's, else the app's.
import type { MessageDescriptor } from '@lingui/core';
import { formatI18n } from './format-locale';
import { i18n as appI18n } from './i18n';

/** `text` (a `msg` descriptor, its values inside) in the language of the moment. */
export function libText(text: MessageDescriptor): string {
  return (formatI18n() ?? appI18n)._(text);
}
