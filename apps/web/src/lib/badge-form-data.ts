/** A custom-field file to send with a badge, as its own `customField[{id}]` part. */
export type BadgeFile = { customFieldId: number; file: File };

/**
 * The request body of a badge: JSON, or a multipart form when files go with it (spec §7), where
 * `customFieldValues` travels as a JSON string.
 */
export function badgeRequestBody(
  body: Record<string, unknown>,
  files: BadgeFile[],
): Record<string, unknown> | FormData {
  if (files.length === 0) return body;
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    form.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  for (const { customFieldId, file } of files) form.append(`customField[${customFieldId}]`, file);
  return form;
}
