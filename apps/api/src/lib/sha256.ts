import { createHash } from 'node:crypto';

/**
 * The SHA-256 of a long random secret (refresh token, emailed link, device or API token), in hex:
 * such a secret needs no slow password hash, and its hash can be looked up through an index.
 */
export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');
