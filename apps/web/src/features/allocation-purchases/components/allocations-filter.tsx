import { PURCHASE_STATUS_LABELS, PURCHASE_STATUSES } from '@portal/shared/allocation-purchases';
import { ChevronDownIcon, SlidersHorizontalIcon, XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { CategoryOptions } from '@/components/category-options';
import { EventOptions } from '@/components/event-options';
import { ExhibitorOptions } from '@/components/exhibitor-options';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import { useCategoryOptions } from '../api/get-category-options';
import { useEventOptions } from '../api/get-event-options';
import { useExhibitorOptions } from '../api/get-exhibitor-options';
import { DEFAULT_PURCHASE_SORT, usePurchaseFilters, type PurchaseScope } from './purchase-filters';

const SORTS = [
  { value: '-purchasedAt', label: 'Newest first' },
  { value: 'purchasedAt', label: 'Oldest first' },
  { value: '-totalPrice', label: 'Highest amount' },
  { value: 'totalPrice', label: 'Lowest amount' },
  { value: 'status', label: 'Status' },
] as const;

/**
 * AllocationsFilter: event (for accounts of no single event), exhibitor (for organisers),
 * category, status, paid and a date range, all kept in the URL.
 */
export function AllocationsFilter({ scope = {} }: { scope?: PurchaseScope }) {
  const session = useSession();
  const { params, setFilters, clearFilters, active } = usePurchaseFilters(scope);
  const ownEvent = session?.user.eventId ?? null;
  const showEvent = scope.eventId == null && scope.exhibitorId == null && ownEvent == null;
  const isExhibitorSide = session?.type === 'exhibitor' || session?.type === 'sub-account';
  const showExhibitor = scope.exhibitorId == null && !isExhibitorSide;
  const eventId = params.eventId ?? ownEvent;
  const events = useEventOptions({ enabled: showEvent });
  const exhibitors = useExhibitorOptions(eventId, showExhibitor);
  const categories = useCategoryOptions(eventId);
  const [open, setOpen] = useState(false);
  const panelId = useId();

  return (
    <div className="w-full">
      {/* On a phone the filters fold away behind one button; from 640 px they are always shown. */}
      <Button
        variant="outline"
        size="sm"
        className="w-full sm:hidden"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <SlidersHorizontalIcon aria-hidden />
        {active > 0 ? `Filters (${active})` : 'Filters'}
        <ChevronDownIcon aria-hidden className={cn('transition-transform', open && 'rotate-180')} />
      </Button>
      <div
        id={panelId}
        className={cn('w-full gap-3 sm:grid sm:grid-cols-2 lg:grid-cols-4', open ? 'mt-3 grid' : 'hidden')}
        role="group"
        aria-label="Filter purchases"
      >
        {showEvent && (
          <NativeSelect
            aria-label="Event"
            value={params.eventId ?? ''}
            onChange={(event) => setFilters({ eventId: event.target.value, exhibitorId: '', badgeCategoryId: '' })}
          >
            <EventOptions events={events.data} empty="All events" />
          </NativeSelect>
        )}
        {showExhibitor && (
          <NativeSelect
            aria-label="Exhibitor"
            value={params.exhibitorId ?? ''}
            onChange={(event) => setFilters({ exhibitorId: event.target.value })}
          >
            <ExhibitorOptions exhibitors={exhibitors.data} empty="All exhibitors" />
          </NativeSelect>
        )}
        <NativeSelect
          aria-label="Category"
          value={params.badgeCategoryId ?? ''}
          disabled={eventId == null}
          title={eventId == null ? 'Choose an event first' : undefined}
          onChange={(event) => setFilters({ badgeCategoryId: event.target.value })}
        >
          <CategoryOptions categories={categories.data} empty="All categories" />
        </NativeSelect>
        <NativeSelect
          aria-label="Status"
          value={params.status ?? ''}
          onChange={(event) => setFilters({ status: event.target.value })}
        >
          <option value="">Any status</option>
          {PURCHASE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {PURCHASE_STATUS_LABELS[status]}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label="Payment"
          value={params.isPaid == null ? '' : params.isPaid ? 'yes' : 'no'}
          onChange={(event) => setFilters({ paid: event.target.value })}
        >
          <option value="">Paid or not</option>
          <option value="yes">Paid</option>
          <option value="no">Not paid</option>
        </NativeSelect>
        <div className="grid grid-cols-[auto_1fr] items-center gap-2">
          <Label htmlFor="purchases-from" className="text-xs text-muted-foreground">
            From
          </Label>
          <Input
            id="purchases-from"
            type="date"
            value={params.from ?? ''}
            max={params.to ?? undefined}
            onChange={(event) => setFilters({ from: event.target.value })}
          />
        </div>
        <div className="grid grid-cols-[auto_1fr] items-center gap-2">
          <Label htmlFor="purchases-to" className="text-xs text-muted-foreground">
            To
          </Label>
          <Input
            id="purchases-to"
            type="date"
            value={params.to ?? ''}
            min={params.from ?? undefined}
            onChange={(event) => setFilters({ to: event.target.value })}
          />
        </div>
        <div className="flex items-center gap-2">
          <NativeSelect
            aria-label="Sort"
            value={params.sort}
            onChange={(event) =>
              setFilters({ sort: event.target.value === DEFAULT_PURCHASE_SORT ? '' : event.target.value })
            }
          >
            {SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
          {active > 0 && (
            <Button variant="ghost" size="sm" onClick={clearFilters} aria-label={`Clear ${active} filters`}>
              <XIcon aria-hidden />
              Clear
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
