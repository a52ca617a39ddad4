import { randomInt } from 'node:crypto';

// No 0/O, 1/I/L: codes are read aloud and typed at the door.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const BADGE_CODE_LENGTH = 10;

/** A random badge code: 31^10 ≈ 8e14 values, so a guessed code almost never exists. */
export function newBadgeCode(): string {
  let code = '';
  for (let i = 0; i < BADGE_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}
