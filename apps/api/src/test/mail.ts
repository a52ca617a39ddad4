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

/** A part of a received message shown inside its HTML: its Content-ID (without the angle brackets) and bytes. */
export type InlinePart = { contentId: string; contentType: string; content: Buffer };

/**
 * The inline parts of a raw message, at any depth of its nested multipart bodies (nodemailer puts
 * them beside the HTML in a multipart/related body): each part with a Content-ID, base64-decoded.
 */
export function inlinePartsOf(raw: string): InlinePart[] {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((match) => match[1]!);
  return boundaries.flatMap((boundary) =>
    raw
      .split(`--${boundary}`)
      .slice(1)
      .flatMap((part) => {
        const split = part.search(/\r?\n\r?\n/);
        const headers = part.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
        const contentId = /^content-id:\s*<([^>]+)>/im.exec(headers)?.[1];
        if (split < 0 || !contentId || /^content-type:\s*multipart\//im.test(headers)) return [];
        // The part ends where the next boundary of any level begins.
        const body = part.slice(split).split(/\r?\n--/)[0]!;
        return [
          {
            contentId,
            contentType: /^content-type:\s*([^;\r\n]+)/im.exec(headers)?.[1]?.trim() ?? '',
            content: Buffer.from(body.replace(/\s+/g, ''), 'base64'),
          },
        ];
      }),
  );
}
