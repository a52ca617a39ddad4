import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

const COMMON_PASSWORDS = new Set([
  'password12',
  'password123',
  'password1234',
  '1234567890',
  'qwertyuiop',
  'qwerty1234',
  'letmein123',
  'welcome123',
  'iloveyou12',
  'admin12345',
  'changeme123',
]);

/**
 * Password policy: length over composition rules (NIST SP 800-63B), plus a short list of the
 * passwords attackers try first and a refusal of one repeated character.
 */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`)
  .refine((value) => /[a-z]/i.test(value) && /[^a-z]/i.test(value), {
    message: 'Use letters and at least one digit or symbol',
  })
  .refine((value) => !COMMON_PASSWORDS.has(value.toLowerCase()) && !/^(.)\1+$/.test(value), {
    message: 'This password is too easy to guess',
  });
