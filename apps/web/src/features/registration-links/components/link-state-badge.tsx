import { Badge } from '@/components/ui/badge';
import { LINK_STATE_LABELS, type LinkState } from './link-state';

const VARIANTS = { open: 'success', expired: 'outline', 'used-up': 'secondary', revoked: 'destructive' } as const;

export function LinkStateBadge({ state }: { state: LinkState }) {
  return <Badge variant={VARIANTS[state]}>{LINK_STATE_LABELS[state]}</Badge>;
}
