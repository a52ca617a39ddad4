import { CreditCardIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useCan } from '@/hooks/use-can';
import type { Session } from '@/lib/session';
import type { Places } from '../api/get-places';

/** Whose allocation a badge the user registers for itself takes a place of: its own, as an exhibitor or a sub-account. */
export function ownHolderId(session: Session | null): number | null {
  return session && (session.type === 'exhibitor' || session.type === 'sub-account') ? session.user.id : null;
}

/** Why a category cannot take another badge of this holder, or null when it can. */
export function noPlaceReason(places: Places | undefined): string | null {
  if (!places) return 'No allocation';
  return places.left > 0 ? null : 'No places left';
}

export function placesText(places: Places): string {
  return `${places.left} of ${places.allocated} left`;
}

/** Where to ask for more places of a category: the allocation purchase screen, with the category chosen. */
export function requestMoreHref(badgeCategoryId: number): string {
  return `${paths.allocationPurchases.href()}?${new URLSearchParams({ create: String(badgeCategoryId) })}`;
}

/** "N of M left", or why there is none, as a badge. */
export function PlacesBadge({ places }: { places: Places | undefined }) {
  const reason = noPlaceReason(places);
  return (
    <Badge variant={reason ? 'destructive' : 'outline'} className="tabular-nums">
      {reason ?? placesText(places!)}
    </Badge>
  );
}

/** The way to more places: a purchase request where the user may make one, otherwise whom to ask. */
export function RequestMore({ badgeCategoryId, size }: { badgeCategoryId: number; size?: 'sm' }) {
  const can = useCan();
  if (!can('create_allocation_purchase')) {
    return <span className="text-sm text-muted-foreground">Ask your exhibitor for more places.</span>;
  }
  return (
    <Button asChild variant="outline" size={size}>
      <Link to={requestMoreHref(badgeCategoryId)}>
        <CreditCardIcon aria-hidden />
        Request more
      </Link>
    </Button>
  );
}
