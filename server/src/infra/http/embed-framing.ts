// Which sites may frame the embed pages (/embed/…). The list is the site module's (an organizer edits
// it in the admin area; each process caches the settings and drops its copy on a bus signal); it gives
// its reader here at start, since the infrastructure never imports a module. create-app.ts asks it for
// the content security policy of each embed page it answers.

import { embedOrigin } from '#contract/embeds/constants.js';

/** Only what is an origin goes into the header: a stored value that is not one is left out. */
const origins = (values: readonly string[]): string[] => values.flatMap((value) => embedOrigin(value) ?? []);

export class EmbedFraming {
  private reader: (() => Promise<string[]>) | null = null;
  private last: string[] | null = null;

  private readonly fallback: readonly string[];

  /** `fallback`: EMBED_ORIGINS, answered until the site module gives its reader (tests, tools). */
  constructor(fallback: readonly string[]) {
    this.fallback = origins(fallback);
  }

  /** The site module's reader of the current list (cached per process). */
  readFrom(reader: () => Promise<string[]>): void {
    this.reader = reader;
  }

  /** The origins that may frame an embed page now; while the settings cannot be read, the last list read. */
  async origins(): Promise<readonly string[]> {
    if (!this.reader) return this.fallback;
    try {
      this.last = origins(await this.reader());
      return this.last;
    } catch {
      return this.last ?? this.fallback;
    }
  }
}
