import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

/** Cancel and submit at the foot of a dialog form; both wait while the form saves. */
export function FormActions({ pending, submitLabel }: { pending: boolean; submitLabel: string }) {
  return (
    <DialogFooter className="mt-2">
      <DialogClose asChild>
        <Button variant="outline" disabled={pending}>
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" disabled={pending}>
        {pending && <Spinner size="sm" tone="current" label="Saving" />}
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
