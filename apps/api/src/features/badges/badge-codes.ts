import { randomInt } from 'node:crypto';

// No 0/O, 1/I/L: codes are read aloud and typed at the door.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const BADGE_CODE_LENGTH = 10;

/** `length` random characters of the alphabet read aloud at the door (check-in pairing codes use it too). */
export function readableCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** A random badge code: 31^10 ≈ 8e14 values, so a guessed code almost never exists. */
export function newBadgeCode(): string {
  return readableCode(BADGE_CODE_LENGTH);
}
