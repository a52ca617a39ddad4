import { MAX_LEAD_NOTE_LENGTH } from '@portal/shared/leads';
import { CheckCircle2Icon, CloudOffIcon, HistoryIcon, XCircleIcon } from 'lucide-react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import type { BoothAnswer, Qualification } from '../lib/booth';
import { refusalText } from '../lib/booth-queue';
import { LeadConsent, LeadVisitorDetails, visitorName } from './lead-visitor';
import { RatingControl } from './rating-control';
import { TagEditor } from './tag-editor';

type QualifyFormProps = {
  draft: Qualification;
  onDraft: (draft: Qualification) => void;
  dirty: boolean;
  saving: boolean;
  error: string | null;
  onSave: () => void;
  onSkip: () => void;
};

/** Rating, a note and tags in a few taps, then back to scanning. */
function QualifyForm({ draft, onDraft, dirty, saving, error, onSave, onSkip }: QualifyFormProps) {
  const tooLong = draft.note.trim().length > MAX_LEAD_NOTE_LENGTH;
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!tooLong) onSave();
  }
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <RatingControl
        large
        name="booth-rating"
        value={draft.rating}
        onChange={(rating) => onDraft({ ...draft, rating })}
      />
      <div className="grid gap-1.5">
        <label htmlFor="booth-note" className="text-sm font-medium">
          Note
        </label>
        <Textarea
          id="booth-note"
          rows={3}
          value={draft.note}
          onChange={(event) => onDraft({ ...draft, note: event.target.value })}
          className="text-base"
          aria-invalid={tooLong}
          aria-describedby={tooLong ? 'booth-note-error' : undefined}
        />
        {tooLong && (
          <p id="booth-note-error" className="text-xs font-medium text-destructive">
            At most {MAX_LEAD_NOTE_LENGTH} characters
          </p>
        )}
      </div>
      <TagEditor large tags={draft.tags} onChange={(tags) => onDraft({ ...draft, tags })} />
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="lg" className="h-12 flex-1 text-base" disabled={saving || tooLong}>
          {saving && <Spinner size="sm" tone="current" label="Saving" />}
          {dirty ? 'Save and scan next' : 'Scan next'}
        </Button>
        {/* Leaving without saving is offered only while nothing was entered: nothing typed is thrown away by a tap. */}
        {!dirty && (
          <Button type="button" size="lg" variant="outline" className="h-12" onClick={onSkip}>
            Skip
          </Button>
        )}
      </div>
    </form>
  );
}

type CaptureAnswerProps = Omit<QualifyFormProps, 'onSkip'> & {
  answer: BoothAnswer;
  queued: number;
  onDone: () => void;
};

/** The answer to a scan at the booth: who it is and whether the lead is new, or why it was refused. */
export function CaptureAnswer({ answer, queued, onDone, ...form }: CaptureAnswerProps) {
  if (answer.kind === 'refused') {
    const { title, detail } = refusalText(answer.status, answer.message);
    return (
      <section aria-label="Scan result" className="grid gap-4 rounded-xl border border-destructive bg-card p-4">
        <div role="alert" className="grid gap-2">
          <p className="flex items-center gap-2 text-2xl font-bold text-destructive">
            <XCircleIcon aria-hidden className="size-7" />
            {title}
          </p>
          <p>{detail}</p>
          <p className="font-mono text-sm text-muted-foreground">{answer.code}</p>
        </div>
        <Button size="lg" className="h-12 text-base" onClick={onDone} autoFocus>
          Scan next
        </Button>
      </section>
    );
  }

  if (answer.kind === 'queued') {
    return (
      <section aria-label="Scan result" className="grid gap-4 rounded-xl border border-amber-500 bg-card p-4">
        <div role="status" className="grid gap-1">
          <p className="flex items-center gap-2 text-lg font-semibold">
            <CloudOffIcon aria-hidden className="size-5" />
            Saved — will be sent when back online
          </p>
          <p className="text-sm text-muted-foreground">
            {queued === 1 ? '1 scan waiting to send' : `${queued} scans and changes waiting to send`} · badge{' '}
            <span className="font-mono">{answer.code}</span>
          </p>
        </div>
        <QualifyForm {...form} onSkip={onDone} />
      </section>
    );
  }

  const { lead, created } = answer;
  return (
    <section aria-label="Scan result" className="grid gap-4 rounded-xl border bg-card p-4">
      <div role="status" className="grid gap-1">
        <p className="flex items-center gap-1.5 text-sm font-semibold">
          {created ? (
            <>
              <CheckCircle2Icon aria-hidden className="size-4 text-success" />
              New lead
            </>
          ) : (
            <>
              <HistoryIcon aria-hidden className="size-4 text-muted-foreground" />
              Scanned before — {lead.scans} scans
            </>
          )}
        </p>
        <h2 className="text-2xl font-bold break-words">{visitorName(lead.visitor)}</h2>
        {lead.visitor.company && <p className="text-base">{lead.visitor.company}</p>}
      </div>
      <LeadVisitorDetails visitor={lead.visitor} omit={['company']} />
      <LeadConsent consent={lead.consent} />
      <QualifyForm {...form} onSkip={onDone} />
      <Link
        to={paths.lead.href({ id: lead.id })}
        className="justify-self-start text-sm font-medium text-primary underline underline-offset-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        Open the lead’s page
      </Link>
    </section>
  );
}
