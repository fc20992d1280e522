// MAIL_FROM's parts: the address every e-mail is sent from, and the display name it may carry (the
// site's first sender name; from then on the admin area's wins).

const NAMED = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/;

/** The display name of an address like `Name <a@b>`, or null when it has none. */
export function senderName(from: string): string | null {
  return NAMED.exec(from)?.[1]?.trim() || null;
}

/** The bare address of `Name <a@b>` or `a@b`. */
export function senderAddress(from: string): string {
  return (NAMED.exec(from)?.[2] ?? from).trim();
}
