import type { FastifyRequest } from 'fastify';
import { badRequest, payloadTooLarge } from '../errors.ts';
import { type FileStore, FileTooLargeError, type StagedFile } from '../storage/file-store.ts';
import { nulMessage } from './validate.ts';

export interface ReceivedFile {
  stored: StagedFile;
  /** The name the browser gave the file: kept for display and downloads only. */
  originalName: string;
}

export interface MultipartBody {
  fields: Record<string, string>;
  file: ReceivedFile | undefined;
}

const MAX_FIELD_BYTES = 64 * 1024;
const MAX_FIELDS = 20;

/**
 * Reads a multipart body: text fields into `fields`, the one file part named `fileField`
 * streamed into the file store under `maxFileBytes`. A second file, an unexpected file field,
 * a field over 64 KB or a file over the limit are refused with a clear message.
 */
export async function readMultipart(
  request: FastifyRequest,
  options: { fileField: string; maxFileBytes: number; files: FileStore; what: string },
): Promise<MultipartBody> {
  if (!request.isMultipart()) {
    throw badRequest('Send the form as multipart/form-data.');
  }
  const fields: Record<string, string> = {};
  let file: ReceivedFile | undefined;
  const parts = request.parts({
    limits: {
      fileSize: options.maxFileBytes + 1,
      files: 1,
      fields: MAX_FIELDS,
      fieldSize: MAX_FIELD_BYTES,
      parts: MAX_FIELDS + 1,
    },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== options.fileField || file) {
          part.file.resume();
          throw badRequest(`Only one file, in the "${options.fileField}" field, can be sent.`);
        }
        const stored = await options.files.stage(part.file, { maxBytes: options.maxFileBytes });
        file = { stored, originalName: cleanFileName(part.filename) };
      } else {
        if (part.valueTruncated) throw badRequest(`The ${part.fieldname} field is too long.`);
        const value = String(part.value ?? '');
        if (value.includes('\u0000'))
          throw badRequest(nulMessage(cleanFileName(part.fieldname).slice(0, 40)));
        fields[part.fieldname] = value;
      }
    }
  } catch (error) {
    await file?.stored.discard();
    if (error instanceof FileTooLargeError || isMultipartCode(error, 'FST_REQ_FILE_TOO_LARGE')) {
      throw payloadTooLarge(
        `The ${options.what} is larger than ${formatBytes(options.maxFileBytes)}.`,
      );
    }
    if (isMultipartCode(error, 'FST_FILES_LIMIT')) {
      throw badRequest(`Only one file, in the "${options.fileField}" field, can be sent.`);
    }
    if (
      isMultipartCode(error, 'FST_FIELDS_LIMIT') ||
      isMultipartCode(error, 'FST_PARTS_LIMIT') ||
      isMultipartCode(error, 'FST_PROTO_VIOLATION')
    ) {
      throw badRequest('The form has too many fields.');
    }
    if (
      error instanceof Error &&
      /Unexpected end of (?:form|multipart data)|Malformed part header|Part terminated early|boundary/i.test(
        error.message,
      )
    ) {
      throw badRequest('The upload was cut off or malformed; try again.');
    }
    throw error;
  }
  return { fields, file };
}

function isMultipartCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === code;
}

/** Keeps a file name fit for display: no path, no control characters, bounded length. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, 255) || 'file';
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}
