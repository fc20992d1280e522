// Which chosen files the registration uploader takes: jpg, jpeg, png or gif by name or type AND by
// content (the first bytes of a JPEG, PNG or GIF), 5MB at most, and no more than the pictures allowed.
// Its messages are written in the app's language (the contract's rules through contractText).
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { PICTURES } from '#contract/profiles/constants';
import { PICTURE_MESSAGES } from '#contract/profiles/messages';
import { REGISTRATION_MESSAGES as R } from '#contract/auth/messages';
import { i18n as appI18n } from '@/lib/i18n/i18n';
import { contractText } from '@/lib/i18n/contract-text';

export interface PictureItem {
  id: number;
  file: File;
}

let nextId = 1;
export const toItem = (file: File): PictureItem => ({ id: nextId++, file });

export const PICTURE_ACCEPT = [...PICTURES.registrationExtensions, ...PICTURES.registrationTypes].join(',');

function isAcceptedType(file: File): boolean {
  const name = file.name.toLowerCase();
  return (PICTURES.registrationTypes as readonly string[]).includes(file.type) || PICTURES.registrationExtensions.some((ext) => name.endsWith(ext));
}

/** The signatures a JPEG, a PNG and a GIF begin with. */
const SIGNATURES: number[][] = [
  [0xff, 0xd8, 0xff],
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  [0x47, 0x49, 0x46, 0x38, 0x37, 0x61],
  [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
];

async function firstBytes(file: File, n: number): Promise<Uint8Array> {
  try {
    return new Uint8Array(await file.slice(0, n).arrayBuffer());
  } catch {
    // Unreadable: no bytes, so no signature matches.
    return new Uint8Array();
  }
}

/** Whether the file's content begins as a JPEG, PNG or GIF does (a renamed text file does not). */
export async function looksLikePicture(file: File): Promise<boolean> {
  const head = await firstBytes(file, 8);
  return SIGNATURES.some((sig) => sig.every((byte, i) => head[i] === byte));
}

/** "notes.jpg is not a picture: …": a file whose name says picture and whose content does not. */
export function notAPicture(name: string, i18n: I18n = appI18n): string {
  const rule = contractText(PICTURE_MESSAGES.badType, i18n);
  return i18n._(msg`${name} is not a picture: ${rule}`);
}

/** "Upload a maximum of 5 pictures. 2 pictures were left out.": the count rule, then how many did not fit. */
function leftOut(overflow: number, i18n: I18n): string {
  const rule = contractText(R.picturesMax, i18n);
  return i18n._(msg`${rule}. ${plural(overflow, { one: '# picture was left out.', other: '# pictures were left out.' })}`);
}

/**
 * Splits chosen files into the ones to keep (at most `room`, in the order chosen) and a message about
 * the ones left out, in `i18n`'s language.
 */
export async function screenFiles(files: File[], room: number = PICTURES.max, i18n: I18n = appI18n): Promise<{ accepted: File[]; problem?: string }> {
  const accepted: File[] = [];
  let problem: string | undefined;
  let overflow = 0;
  for (const file of files) {
    if (!isAcceptedType(file)) problem = contractText(PICTURE_MESSAGES.badType, i18n);
    else if (file.size > PICTURES.maxBytes) problem = contractText(PICTURE_MESSAGES.tooLarge, i18n);
    else if (!(await looksLikePicture(file))) problem = notAPicture(file.name, i18n);
    else if (accepted.length >= room) overflow++;
    else accepted.push(file);
  }
  if (overflow) problem = leftOut(overflow, i18n);
  return { accepted, problem };
}
