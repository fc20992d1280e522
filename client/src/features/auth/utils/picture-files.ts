// Which chosen files the registration uploader takes (jpg, jpeg, png, gif; 5MB hint).
import { PICTURES } from '#contract/constants';
import { PICTURE_MESSAGES } from '#contract/messages';

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

/** Splits chosen files into the ones to keep and a message about the ones left out. */
export function screenFiles(files: File[]): { accepted: File[]; problem?: string } {
  const accepted: File[] = [];
  let problem: string | undefined;
  for (const file of files) {
    if (!isAcceptedType(file)) problem = PICTURE_MESSAGES.badType;
    else if (file.size > PICTURES.maxBytes) problem = PICTURE_MESSAGES.tooLarge;
    else accepted.push(file);
  }
  return { accepted, problem };
}
