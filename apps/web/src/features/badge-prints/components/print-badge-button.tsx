import type { Badge } from '@portal/shared/badges';
import { PrinterIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { alreadyPrinted, usePrintBadges } from '../api/print-badges';
import { ReprintDialog } from './reprint-dialog';

type PrintedBadge = Pick<Badge, 'id' | 'eventId' | 'name' | 'status' | 'printCount' | 'lastPrintedAt' | 'lastPrintedBy'>;

/**
 * Prints one badge, a badge per page. A badge printed before asks first: "Already printed on …
 * — print again?", with the reason the print record keeps. Cancelled badges never print.
 */
export function PrintBadgeButton({ badge }: { badge: PrintedBadge }) {
  const print = usePrintBadges();
  // Printed before, as the page shows it or as the server said when the page was behind.
  const [reprint, setReprint] = useState<{ lastPrintedAt: string } | null>(null);

  if (badge.status !== 'active') return null;

  function run(reprintReason?: string) {
    print.mutate(
      { eventId: badge.eventId, badgeIds: [badge.id], sheet: 'single', reprintReason },
      {
        onSuccess: () => {
          toast.success(`${badge.name}’s badge sent to download`);
          setReprint(null);
        },
        onError: (error) => {
          const before = alreadyPrinted(error);
          if (before) setReprint({ lastPrintedAt: before.examples[0]?.lastPrintedAt ?? new Date().toISOString() });
          else if (!reprint) toast.error(errorMessage(error, 'The badge could not be printed'));
        },
      },
    );
  }

  const printedBefore = badge.printCount > 0 && badge.lastPrintedAt ? { lastPrintedAt: badge.lastPrintedAt } : null;
  return (
    <>
      <Button
        variant="outline"
        disabled={print.isPending && !reprint}
        onClick={() => {
          print.reset();
          if (printedBefore) setReprint(printedBefore);
          else run();
        }}
      >
        {print.isPending && !reprint ? <Spinner size="sm" tone="current" label="Printing" /> : <PrinterIcon aria-hidden />}
        Print badge
      </Button>
      {reprint && (
        <ReprintDialog
          open
          onClose={() => setReprint(null)}
          title={`Already printed on ${formatDate(reprint.lastPrintedAt)} — print again?`}
          description={
            badge.printCount > 1
              ? `${badge.name}’s badge was printed ${badge.printCount} times${badge.lastPrintedBy ? `, last by ${badge.lastPrintedBy}` : ''}.`
              : `${badge.name}’s badge was printed${badge.lastPrintedBy ? ` by ${badge.lastPrintedBy}` : ''}.`
          }
          pending={print.isPending}
          error={print.isError && !alreadyPrinted(print.error) ? errorMessage(print.error, 'The badge could not be printed') : undefined}
          onConfirm={run}
        />
      )}
    </>
  );
}
