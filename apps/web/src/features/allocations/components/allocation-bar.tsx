import type { Allocation } from '@portal/shared/allocations';

type AllocationBarProps = Pick<Allocation, 'quantity' | 'usedTotal' | 'reserved' | 'used'>;

/** Used of allocated as a bar, with what is handed to sub-accounts; full reads in the destructive colour. */
export function AllocationBar({ quantity, used, usedTotal, reserved }: AllocationBarProps) {
  const percent = quantity > 0 ? Math.min(100, Math.round((usedTotal / quantity) * 100)) : 0;
  const full = quantity > 0 && usedTotal >= quantity;
  return (
    <div className="grid min-w-36 gap-1">
      <div className="flex items-baseline justify-between gap-2 text-xs">
        <span className="font-medium tabular-nums">
          {usedTotal} of {quantity} used
        </span>
        {reserved > 0 && (
          <span className="text-muted-foreground tabular-nums">
            {reserved} to sub-accounts{used !== usedTotal ? ` · ${used} here` : ''}
          </span>
        )}
      </div>
      <div
        role="meter"
        aria-label="Used of allocated"
        aria-valuemin={0}
        aria-valuemax={quantity}
        aria-valuenow={Math.min(usedTotal, quantity)}
        aria-valuetext={`${usedTotal} of ${quantity} used`}
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
