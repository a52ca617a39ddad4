import type { SubAccount } from '@portal/shared/sub-accounts';
import { paths } from '@/config/paths';

/** ViewSubAccount sits under its exhibitor's page in the URL. */
export function subAccountHref(subAccount: Pick<SubAccount, 'id' | 'eventId' | 'exhibitorId'>): string {
  return paths.eventExhibitorSubAccount.href({
    eventId: subAccount.eventId ?? 0,
    exhibitorId: subAccount.exhibitorId,
    subAccountId: subAccount.id,
  });
}
