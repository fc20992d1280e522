import { HttpException, HttpStatus } from '@nestjs/common';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { REQUEST_MESSAGES } from '#contract/common/messages.js';
import { ValidationFailed } from '#server/common/errors.js';
import { findNulCharacter } from '#server/common/nul-characters.js';

export interface UploadedFile {
  filename: string;
  /** What the client claimed; never trusted for the type (the content decides). */
  mimetype: string;
  data: Buffer;
  /** The file went over the per-file size limit; `data` then holds only its beginning. */
  tooLarge: boolean;
}

export interface MultipartForm {
  /** Text fields; the first value wins when a name repeats. */
  fields: Record<string, string>;
  /** Files sent under `fileField`, in order; empty parts (no file chosen) are left out. */
  files: UploadedFile[];
  /** Whether any part was sent under `fileField` at all. */
  sawFileField: boolean;
  /** More files came than the multipart limit lets through. */
  tooManyFiles: boolean;
}

const errorCode = (err: unknown): string | undefined => (err as { code?: string } | null)?.code;

/**
 * Reads a whole multipart form into memory (the size limits of create-app.ts bound it).
 * Anything the parser cannot read becomes a 4xx, never a 500: the input is the client's.
 */
export async function readMultipartForm(request: FastifyRequest, fileField: string): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new HttpException({ detail: REQUEST_MESSAGES.multipartRequired }, HttpStatus.UNSUPPORTED_MEDIA_TYPE);
  }
  const form: MultipartForm = { fields: Object.create(null) as Record<string, string>, files: [], sawFileField: false, tooManyFiles: false };
  try {
    // throwFileSizeLimit off: an oversized file is reported as a field problem, not an aborted request.
    const parts = request.parts({ throwFileSizeLimit: false } as Parameters<FastifyRequest['parts']>[0]);
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && !(part.fieldname in form.fields)) form.fields[part.fieldname] = part.value;
        continue;
      }
      const data = await drain(part);
      if (part.fieldname !== fileField) continue; // a file where text belongs counts as a missing field
      form.sawFileField = true;
      if (data.length === 0 && !part.filename) continue;
      form.files.push({ filename: part.filename, mimetype: part.mimetype, data, tooLarge: part.file.truncated });
    }
  } catch (err) {
    switch (errorCode(err)) {
      case 'FST_FILES_LIMIT':
        form.tooManyFiles = true;
        return form;
      case 'FST_PARTS_LIMIT':
      case 'FST_FIELDS_LIMIT':
        throw new HttpException({ detail: REQUEST_MESSAGES.tooManyFields }, HttpStatus.PAYLOAD_TOO_LARGE);
      default:
        throw new HttpException({ detail: REQUEST_MESSAGES.unreadableUpload }, HttpStatus.BAD_REQUEST);
    }
  }
  // As for JSON bodies (ZodPipe): PostgreSQL text cannot hold U+0000, so such a field is a 422, not a 500.
  const nul = Object.keys(form.fields)
    .map((name) => findNulCharacter(form.fields[name], 'body', [name]))
    .filter((item) => item !== null);
  if (nul.length) throw new ValidationFailed(nul);
  return form;
}

async function drain(part: MultipartFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
