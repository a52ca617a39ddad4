import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import PDFDocument from 'pdfkit';
import { ValidationError } from '../../lib/errors';
import type { FilePart } from '../../lib/multipart-form';
import type { FilesService, ReceivedFile } from './files.service';

/** Larger pictures are refused: logos and badge pictures are drawn small, and pixels cost memory when a PNG's transparency is decoded. */
export const PICTURE_MAX_PIXELS_PER_SIDE = 4000;

/** pdfkit reads an image's header without drawing it (`openImage`); its types do not list the method. */
type ImageOpener = { openImage(src: Buffer): { width: number; height: number } };

/**
 * The size in pixels of a picture as the PDF renderer reads it, or null when it cannot read it: a
 * file can carry a PNG or JPEG signature and still be broken, and is then refused at upload
 * rather than failing every document that shows it.
 */
export function pictureDimensions(bytes: Buffer): { width: number; height: number } | null {
  try {
    const { width, height } = (new PDFDocument({ autoFirstPage: false }) as unknown as ImageOpener).openImage(bytes);
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}

/**
 * Streams a picture (an issuer's logo, a badge layout's logo or background) into the store,
 * refusing with 400 on `field` anything but a readable PNG or JPEG within the limits; a refused
 * upload leaves no file behind.
 */
export async function receivePicture(
  files: FilesService,
  part: FilePart,
  rules: { field: string; maxBytes: number; contentTypes: readonly string[] },
): Promise<ReceivedFile> {
  const chunks: Uint8Array[] = [];
  // Kept to check the picture once its type is known: at most the size limit, as `receive` stops past it.
  async function* kept() {
    for await (const chunk of part.content) {
      chunks.push(chunk);
      yield chunk;
    }
  }
  const file = await files.receive(kept(), {
    originalName: part.filename,
    declaredType: part.mimetype,
    maxBytes: rules.maxBytes,
    allowedMimeTypes: rules.contentTypes,
    field: rules.field,
  });
  const size = pictureDimensions(Buffer.concat(chunks));
  const refusal = !size
    ? 'The picture cannot be read: save it again as PNG or JPEG'
    : size.width > PICTURE_MAX_PIXELS_PER_SIDE || size.height > PICTURE_MAX_PIXELS_PER_SIDE
      ? `The picture is ${size.width} × ${size.height} pixels; use at most ${PICTURE_MAX_PIXELS_PER_SIDE} on each side`
      : null;
  if (refusal) {
    await files.discard([file]);
    throw ValidationError.field(rules.field, refusal);
  }
  return file;
}

/**
 * Answers a stored picture as its own type. Like every API answer it goes out `no-store` (app.ts);
 * the web app keeps what it shows in memory.
 */
export function sendPicture(reply: FastifyReply, picture: { contentType: string; sizeBytes: number; content: Readable }) {
  return reply.header('content-type', picture.contentType).header('content-length', String(picture.sizeBytes)).send(picture.content);
}
