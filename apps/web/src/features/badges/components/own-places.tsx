import { TicketIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { usePlaces } from '../api/get-places';
import { ownHolderId, PlacesBadge, RequestMore } from './places';

/** The welcome page's summary of an exhibitor's or sub-account's places, with a way to more where none is left. */
export function OwnPlaces() {
  const places = usePlaces(ownHolderId(useSession()));
  if (!places.isSuccess || places.data.size === 0) return null;
  return (
    <Card className="mt-8">
      <CardHeader>
        <CardTitle>Your badge places</CardTitle>
        <CardDescription>Each badge you register takes one place of its category.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {[...places.data].map(([badgeCategoryId, place]) => (
            <li key={badgeCategoryId} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <Link
                to={paths.usersByCategory.href({ badgeCategoryId })}
                className="flex min-w-0 items-center gap-2 font-medium hover:underline"
              >
                <TicketIcon aria-hidden className="size-4 shrink-0 text-primary" />
                <span className="truncate">{place.categoryName}</span>
              </Link>
              <span className="flex flex-wrap items-center gap-2">
                <PlacesBadge places={place} />
                {place.left === 0 && <RequestMore badgeCategoryId={badgeCategoryId} size="sm" />}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
