import type { UserType } from '@portal/shared/user-types';

/** For VIP admins the word 'exhibitor' in titles and descriptions reads 'vip' (spec §1). */
export function wordingFor(type: UserType | undefined, text: string): string {
  return type === 'vipAdmin' ? text.replace(/exhibitor/gi, 'vip') : text;
}
