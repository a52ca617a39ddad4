import type { BadgeListItem } from '@portal/shared/badges';
import { formatDate } from '@/lib/format';

/** How often a badge was printed and when last: "Not printed", or "2× · 3 Mar 2027". */
export function PrintedCell({ badge }: { badge: Pick<BadgeListItem, 'printCount' | 'lastPrintedAt'> }) {
  if (badge.printCount === 0 || !badge.lastPrintedAt) return <span className="text-muted-foreground">Not printed</span>;
  return (
    <span className="whitespace-nowrap" title={`Printed ${badge.printCount} time${badge.printCount === 1 ? '' : 's'}`}>
      {badge.printCount}× · {formatDate(badge.lastPrintedAt)}
    </span>
  );
}
