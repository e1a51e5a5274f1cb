import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';

/**
 * The content type of a stored file, read from its bytes (never from its name).
 * Returns undefined when the bytes are of no type we recognise.
 */
export async function sniffContentType(filePath: string): Promise<string | undefined> {
  const detected = await fileTypeFromFile(filePath);
  if (!detected) return undefined;
  if (detected.mime === 'application/x-cfb') {
    // An OLE compound file: a Word 97–2003 document holds a "WordDocument" stream.
    return (await containsUtf16(filePath, 'WordDocument')) ? 'application/msword' : detected.mime;
  }
  return detected.mime;
}

async function containsUtf16(filePath: string, text: string): Promise<boolean> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(256 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead).includes(Buffer.from(text, 'utf16le'));
  } finally {
    await handle.close();
  }
}

export const isImage = (contentType: string | undefined) =>
  contentType?.startsWith('image/') ?? false;
