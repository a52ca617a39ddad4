import { isAxiosError } from 'axios';
import { SearchXIcon, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';

/** The outline of a record's page while it loads. */
export function RecordSkeleton() {
  return (
    <div aria-hidden className="grid gap-6">
      <div className="grid gap-2">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-8 w-72 max-w-full" />
        <Skeleton className="h-4 w-96 max-w-full" />
      </div>
      <Skeleton rounded="xl" className="h-48 w-full" />
    </div>
  );
}

type RecordErrorProps = { error: unknown; noun: string; backTo: string; backLabel: string; icon?: LucideIcon };

/** A record that could not be shown: not found (or outside the caller's reach: the API answers 404 to both) or failed. */
export function RecordError({ error, noun, backTo, backLabel, icon = SearchXIcon }: RecordErrorProps) {
  const notFound = isAxiosError(error) && error.response?.status === 404;
  return (
    <Card>
      <EmptyState
        icon={icon}
        title={notFound ? `This ${noun} does not exist` : `The ${noun} could not be loaded`}
        description={
          notFound
            ? `It may have been deleted, or it belongs to an event you do not manage.`
            : errorMessage(error, 'Please try again in a moment.')
        }
        action={
          <Button asChild variant="outline">
            <Link to={backTo}>{backLabel}</Link>
          </Button>
        }
      />
    </Card>
  );
}
