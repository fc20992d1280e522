/** A numeric id from an address (`/vote/:profileId`): a positive whole number, or null for anything else. */
export function idParam(raw: string | undefined): number | null {
  return raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}
