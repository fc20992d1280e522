// Tests of a page in another language: the block's tests run in `locale`, and English comes back after
// each test inside act, since a page still on screen hears the change like any other update.
import { act } from '@testing-library/react';
import { afterEach, beforeEach } from '@jest/globals';
import type { Locale } from '#contract/site/constants';
import { activateLocale } from '@/lib/i18n/i18n';

/** Runs each test of the enclosing describe block in `locale`, and English again after it. */
export function inLocale(locale: Locale): void {
  beforeEach(() => act(() => activateLocale(locale)));
  afterEach(() => act(() => activateLocale('en')));
}
