/** One compressed answer: the encoding it was made with and its bytes. */
export interface CompressedAnswer {
  encoding: string;
  body: Buffer;
}

/**
 * The compressed forms of the answers most recently compressed, keyed by the answer's text and by
 * how it was asked for (Accept-Encoding and Content-Type), so the same answer to the same kind of
 * client is compressed once. The leaderboards are one JSON text per standings snapshot
 * (standings.service.ts), read far more often than they change; an answer made per request simply
 * ages out. Bounded by entries and by the length of the texts it keeps.
 */
export class CompressedAnswers {
  private readonly answers = new Map<string, Map<string, CompressedAnswer>>();

  constructor(
    private readonly maxAnswers: number,
    /** Texts longer than this are not kept (they are compressed per request). */
    readonly maxLength: number,
    private readonly maxVariants = 4,
  ) {}

  get(text: string, variant: string): CompressedAnswer | undefined {
    return this.answers.get(text)?.get(variant);
  }

  set(text: string, variant: string, answer: CompressedAnswer): void {
    if (text.length > this.maxLength) return;
    let variants = this.answers.get(text);
    if (!variants) {
      // Oldest first out: an answer still in use comes straight back at its next request.
      if (this.answers.size >= this.maxAnswers) this.answers.delete(this.answers.keys().next().value!);
      variants = new Map();
      this.answers.set(text, variants);
    }
    if (variants.size < this.maxVariants || variants.has(variant)) variants.set(variant, answer);
  }

  get size(): number {
    return this.answers.size;
  }
}
