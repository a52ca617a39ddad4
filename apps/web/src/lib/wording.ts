import type { UserType } from '@portal/shared/user-types';

/**
 * For VIP admins the word 'exhibitor' in titles and descriptions reads 'vip' (spec §1), and its
 * article with it: "an exhibitor" becomes "a vip", never "an vip".
 */
export function wordingFor(type: UserType | undefined, text: string): string {
  if (type !== 'vipAdmin') return text;
  return text
    .replace(/\b([Aa])n(\s+)exhibitor/gi, (_, article: string, space: string) => `${article}${space}exhibitor`)
    .replace(/exhibitor/gi, 'vip');
}
