import {
  BADGE_SHEET_IDS,
  BADGE_SHEETS,
  PRINT_SORT_LABELS,
  PRINT_SORTS,
  type AlreadyPrinted,
  type BadgeSheetId,
  type PrintSort,
} from '@portal/shared/badge-prints';
import { PrinterIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { FormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { alreadyPrinted, usePrintBadges } from '../api/print-badges';
import { ReprintDialog } from './reprint-dialog';

type Choice = { sheet: BadgeSheetId; unprintedOnly: boolean; sort: PrintSort };

const plural = (count: number, one: string, many: string) => (count === 1 ? `1 ${one}` : `${count} ${many}`);

/**
 * "Print badges" for a category: the sheet, unprinted badges only or all, the order; downloads
 * one PDF. A selection holding badges printed before asks for a reason to print them again.
 */
export function PrintBadgesDialog({ eventId, badgeCategoryId, categoryName }: { eventId: number; badgeCategoryId: number; categoryName: string }) {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<Choice>({ sheet: 'a4-4', unprintedOnly: true, sort: 'company' });
  const [reprint, setReprint] = useState<AlreadyPrinted | null>(null);
  const print = usePrintBadges();

  function close() {
    setOpen(false);
    setReprint(null);
    print.reset();
  }

  function run(reprintReason?: string) {
    print.mutate(
      { eventId, badgeCategoryId, ...choice, reprintReason },
      {
        onSuccess: (count) => {
          toast.success(`${plural(count, 'badge', 'badges')} of ${categoryName} sent to download`);
          close();
        },
        onError: (error) => setReprint(alreadyPrinted(error) ?? reprint),
      },
    );
  }

  const failure = print.isError && !alreadyPrinted(print.error) ? errorMessage(print.error, 'The badges could not be printed') : undefined;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <PrinterIcon aria-hidden />
        Print badges
      </Button>
      <FormDialog
        open={open && !reprint}
        onClose={close}
        title="Print badges"
        description={`The active badges of ${categoryName} as one PDF. Cancelled badges are never printed.`}
      >
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            run();
          }}
        >
          <FormAlert message={failure} />
          <FormField id="print-sheet" label="Sheet">
            {(control) => (
              <NativeSelect {...control} value={choice.sheet} onChange={(event) => setChoice({ ...choice, sheet: event.target.value as BadgeSheetId })}>
                {BADGE_SHEET_IDS.map((id) => (
                  <option key={id} value={id}>
                    {BADGE_SHEETS[id].label}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField id="print-sort" label="Order">
            {(control) => (
              <NativeSelect {...control} value={choice.sort} onChange={(event) => setChoice({ ...choice, sort: event.target.value as PrintSort })}>
                {PRINT_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {PRINT_SORT_LABELS[sort]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <div className="flex items-center gap-2">
            <Checkbox
              id="print-unprinted-only"
              checked={choice.unprintedOnly}
              onCheckedChange={(checked) => setChoice({ ...choice, unprintedOnly: checked === true })}
            />
            <Label htmlFor="print-unprinted-only">Only badges not printed yet</Label>
          </div>
          <FormActions pending={print.isPending} submitLabel="Print" />
        </form>
      </FormDialog>
      {reprint && (
        <ReprintDialog
          open={open}
          onClose={close}
          title={`${plural(reprint.alreadyPrinted, 'badge was', 'badges were')} already printed — print again?`}
          description="Badges printed before are printed again only with a reason, kept with each print."
          details={
            <ul className="grid gap-1 text-sm">
              {reprint.examples.map((example) => (
                <li key={example.id}>
                  {example.name} <span className="text-muted-foreground">— printed on {formatDate(example.lastPrintedAt)}</span>
                </li>
              ))}
              {reprint.alreadyPrinted > reprint.examples.length && (
                <li className="text-muted-foreground">and {reprint.alreadyPrinted - reprint.examples.length} more</li>
              )}
            </ul>
          }
          pending={print.isPending}
          error={failure}
          onConfirm={run}
        />
      )}
    </>
  );
}
