import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** Cancel and submit at the foot of a form that is a page of its own rather than a dialog. */
export function PageFormActions({
  pending,
  submitLabel,
  cancelTo,
  onCancel,
  disabled = false,
}: {
  pending: boolean;
  /** Submitting cannot succeed yet; the form says why. */
  disabled?: boolean;
  submitLabel: string;
  cancelTo?: string;
  onCancel?: () => void;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
      {cancelTo ? (
        <Button asChild variant="outline" aria-disabled={pending}>
          <Link to={cancelTo}>Cancel</Link>
        </Button>
      ) : (
        <Button variant="outline" disabled={pending} onClick={onCancel}>
          Cancel
        </Button>
      )}
      <Button type="submit" disabled={pending || disabled}>
        {pending && <Spinner size="sm" tone="current" label="Saving" />}
        {submitLabel}
      </Button>
    </div>
  );
}
