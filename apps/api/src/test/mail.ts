/** A file a received message carries, decoded from its MIME part. */
export type ReceivedAttachment = { filename: string; contentType: string; content: Buffer };

/**
 * The attachments of a raw message as nodemailer writes it: the parts of its outer multipart body
 * marked `Content-Disposition: attachment`, base64-decoded.
 */
export function attachmentsOf(raw: string): ReceivedAttachment[] {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  if (!boundary) return [];
  return raw
    .split(`--${boundary}`)
    .slice(1)
    .flatMap((part) => {
      const split = part.search(/\r?\n\r?\n/);
      // Folded header lines unfolded, so that a long file name reads as one.
      const headers = part.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
      if (split < 0 || !/^content-disposition:\s*attachment/im.test(headers)) return [];
      return [
        {
          filename: /filename="?([^";\r\n]+)"?/i.exec(headers)?.[1] ?? '',
          contentType: /^content-type:\s*([^;\r\n]+)/im.exec(headers)?.[1]?.trim() ?? '',
          content: Buffer.from(part.slice(split).replace(/\s+/g, ''), 'base64'),
        },
      ];
    });
}
