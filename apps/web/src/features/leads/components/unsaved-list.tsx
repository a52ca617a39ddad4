import { LEAD_RATING_LABELS } from '@portal/shared/leads';
import { TriangleAlertIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatEventTime } from '@/lib/event-time';
import { refusalText, type UnsavedWork } from '../lib/booth-queue';

function what(work: UnsavedWork): { title: string; detail: string; subject: string } {
  if (work.kind === 'capture') return { ...refusalText(work.status, work.message), subject: `Badge ${work.body.code}` };
  return {
    title: 'Change not saved',
    detail: work.message || `The server refused it (${work.status}).`,
    subject: work.label,
  };
}

/**
 * Scans and changes the server refused after they waited on the phone: kept here with the reason
 * and what they carried, never dropped, until the person at the booth dismisses each.
 */
export function UnsavedList({
  unsaved,
  timeZone,
  onDismiss,
}: {
  unsaved: readonly UnsavedWork[];
  timeZone: string;
  onDismiss: (nonce: string) => void;
}) {
  if (unsaved.length === 0) return null;
  return (
    <section aria-labelledby="unsaved-title" className="grid gap-3 rounded-xl border border-destructive/40 bg-card p-4">
      <h2 id="unsaved-title" className="flex items-center gap-2 text-base font-semibold">
        <TriangleAlertIcon aria-hidden className="size-4 text-destructive" />
        Could not be saved ({unsaved.length})
      </h2>
      <p className="text-sm text-muted-foreground">
        The server refused these once they were sent. They stay here until you dismiss them: note down what you need
        first.
      </p>
      <ul className="grid gap-3">
        {unsaved.map((work) => {
          const { title, detail, subject } = what(work);
          const rating = work.body.rating;
          const note = work.kind === 'capture' ? work.body.note?.text : work.body.notes?.map((n) => n.text).join('\n');
          return (
            <li key={work.nonce} className="grid gap-1 rounded-lg border p-3 text-sm">
              <p className="font-medium">
                {title}: {subject}
              </p>
              <p>{detail}</p>
              <p className="text-xs text-muted-foreground">
                <time dateTime={work.scannedAt}>{formatEventTime(work.scannedAt, timeZone)}</time>
                {rating ? ` · ${LEAD_RATING_LABELS[rating]}` : ''}
                {work.body.tags && work.body.tags.length > 0 ? ` · ${work.body.tags.join(', ')}` : ''}
              </p>
              {note && <p className="rounded-md bg-muted p-2 break-words whitespace-pre-wrap">{note}</p>}
              <Button
                type="button"
                size="sm"
                variant="outline"
                className="justify-self-start"
                onClick={() => onDismiss(work.nonce)}
              >
                Dismiss
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
