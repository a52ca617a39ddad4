import type { Allocation } from '@portal/shared/allocations';

type AllocationBarProps = Pick<Allocation, 'quantity' | 'used' | 'usedTotal' | 'reserved' | 'heldByLinks' | 'available'>;

/**
 * What of an allocation is spoken for, as a bar: the places registered here, handed to sub-accounts
 * and held by open registration links. Those parts and the available places add up to the quantity
 * (`freePlaces`), so the figures agree with the Available column; full reads in the destructive colour.
 */
export function AllocationBar({ quantity, used, usedTotal, reserved, heldByLinks, available }: AllocationBarProps) {
  const taken = quantity - available;
  const percent = quantity > 0 ? Math.min(100, Math.round((taken / quantity) * 100)) : 0;
  const full = quantity > 0 && available <= 0;
  const parts = [
    (reserved > 0 || heldByLinks > 0) && `${used} registered`,
    reserved > 0 && `${reserved} to sub-accounts${usedTotal > used ? ` (${usedTotal - used} registered)` : ''}`,
    heldByLinks > 0 && `${heldByLinks} held by open links`,
  ].filter(Boolean);
  return (
    <div className="grid min-w-36 gap-1">
      <div className="flex flex-wrap items-baseline justify-between gap-x-2 text-xs">
        <span className="font-medium tabular-nums">
          {taken} of {quantity} used
        </span>
        {parts.length > 0 && <span className="text-muted-foreground tabular-nums">{parts.join(' · ')}</span>}
      </div>
      <div
        role="meter"
        aria-label="Used of allocated"
        aria-valuemin={0}
        aria-valuemax={quantity}
        aria-valuenow={Math.min(taken, quantity)}
        aria-valuetext={`${taken} of ${quantity} used${parts.length > 0 ? `: ${parts.join(', ')}` : ''}`}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={full ? 'h-full rounded-full bg-destructive' : 'h-full rounded-full bg-primary'}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
