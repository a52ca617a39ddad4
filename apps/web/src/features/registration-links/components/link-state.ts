import type { RegistrationLink } from '@portal/shared/registration-links';

export type LinkState = 'open' | 'expired' | 'used-up' | 'revoked';

export const LINK_STATE_LABELS: Readonly<Record<LinkState, string>> = {
  open: 'Open',
  expired: 'Expired',
  'used-up': 'Used up',
  revoked: 'Revoked',
};

/** Whether companies can still register through a link; revoked wins over expired, expired over used up. */
export function linkState(
  link: Pick<RegistrationLink, 'maxUses' | 'uses' | 'expiresAt' | 'revokedAt'>,
  now = Date.now(),
): LinkState {
  if (link.revokedAt !== null) return 'revoked';
  if (link.expiresAt !== null && Date.parse(link.expiresAt) <= now) return 'expired';
  if (link.maxUses !== null && link.uses >= link.maxUses) return 'used-up';
  return 'open';
}
