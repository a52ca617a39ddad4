import { MAX_LEAD_NOTE_LENGTH, type Lead, type LeadNote, type UpdateLeadBody } from '@portal/shared/leads';
import { PencilIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatEventTime } from '@/lib/event-time';
import { newClientId } from '../lib/booth-queue';

type Save = (body: UpdateLeadBody) => Promise<Lead>;

type LeadNotesProps = {
  notes: readonly LeadNote[];
  /** Whose notes this person may change: the API names a note's author, and changes only the author's own. */
  /** The signed-in account: its own notes are the ones it may edit. */
  ownId: number | null;
  /** The exhibitor's own account removes any note of its team's leads; everyone else only their own. */
  removesAny: boolean;
  timeZone: string;
  save: Save;
  /** Tells the page whether a note is being written, so that leaving asks first. */
  onDraftChange: (drafting: boolean) => void;
};

function NoteEditor({
  label,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  onDirtyChange,
}: {
  label: string;
  initial: string;
  submitLabel: string;
  onSubmit: (text: string) => Promise<void>;
  onCancel?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const tooLong = text.trim().length > MAX_LEAD_NOTE_LENGTH;

  async function submit() {
    if (!text.trim() || tooLong) return;
    setPending(true);
    setError(null);
    try {
      await onSubmit(text.trim());
      setText('');
      onDirtyChange?.(false);
    } catch (cause) {
      // The text stays in the field: nothing typed is lost to a failed save.
      setError(errorMessage(cause, 'The note could not be saved. It is still here: try again.'));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Textarea
        id={id}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          onDirtyChange?.(event.target.value.trim() !== initial.trim());
        }}
        aria-invalid={Boolean(error) || tooLong}
        aria-describedby={error || tooLong ? `${id}-error` : undefined}
        rows={3}
      />
      {(error || tooLong) && (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {tooLong ? `At most ${MAX_LEAD_NOTE_LENGTH} characters` : error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="button" size="sm" disabled={pending || !text.trim() || tooLong} onClick={() => void submit()}>
          {pending && <Spinner size="sm" tone="current" label="Saving" />}
          {submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" size="sm" variant="ghost" disabled={pending} onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </div>
  );
}

/**
 * A lead's notes, oldest first, with their author and time; a new note, and the person's own notes
 * changed or removed. Each note has an id made here once, so a save sent twice (an answer lost on
 * the way back) keeps one note.
 */
export function LeadNotes({ notes, ownId, removesAny, timeZone, save, onDraftChange }: LeadNotesProps) {
  const [draftId, setDraftId] = useState(newClientId);
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<LeadNote | null>(null);
  const [removePending, setRemovePending] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [drafts, setDrafts] = useState({ adding: false, editing: false });

  const drafting = drafts.adding || drafts.editing;
  useEffect(() => onDraftChange(drafting), [drafting, onDraftChange]);

  function setDrafting(part: 'adding' | 'editing', dirty: boolean) {
    setDrafts((current) => ({ ...current, [part]: dirty }));
  }

  async function remove(note: LeadNote) {
    setRemovePending(true);
    setRemoveError(null);
    try {
      await save({ removeNoteIds: [note.id] });
      setRemoving(null);
    } catch (error) {
      setRemoveError(errorMessage(error, 'The note could not be removed.'));
    } finally {
      setRemovePending(false);
    }
  }

  return (
    <div className="grid gap-4">
      {notes.length === 0 ? (
        <p className="text-sm text-muted-foreground">No notes yet.</p>
      ) : (
        <ol className="grid gap-3">
          {notes.map((note) => (
            <li key={note.id} className="rounded-lg border p-3">
              {editing === note.id ? (
                <NoteEditor
                  label="Edit note"
                  initial={note.text}
                  submitLabel="Save note"
                  onSubmit={async (text) => {
                    await save({ notes: [{ id: note.id, text }] });
                    setEditing(null);
                    setDrafting('editing', false);
                  }}
                  onCancel={() => {
                    setEditing(null);
                    setDrafting('editing', false);
                  }}
                  onDirtyChange={(dirty) => setDrafting('editing', dirty)}
                />
              ) : (
                <>
                  <p className="text-sm break-words whitespace-pre-wrap">{note.text}</p>
                  <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
                    <span>
                      {note.authorName} ·{' '}
                      <time dateTime={note.createdAt}>{formatEventTime(note.createdAt, timeZone)}</time>
                      {note.updatedAt !== note.createdAt && ' · edited'}
                    </span>
                    {(note.authorId === ownId || removesAny) && (
                      <span className="flex gap-1">
                        {note.authorId === ownId && (
                          <Button
                            type="button"
                            variant="ghost"
                            size="sm"
                            onClick={() => setEditing(note.id)}
                            aria-label={`Edit the note of ${formatEventTime(note.createdAt, timeZone)}`}
                          >
                            <PencilIcon aria-hidden />
                            Edit
                          </Button>
                        )}
                        <Button
                          type="button"
                          variant="ghost"
                          size="sm"
                          onClick={() => setRemoving(note)}
                          aria-label={`Remove the note of ${formatEventTime(note.createdAt, timeZone)}`}
                        >
                          <Trash2Icon aria-hidden />
                          Remove
                        </Button>
                      </span>
                    )}
                  </div>
                </>
              )}
            </li>
          ))}
        </ol>
      )}
      <NoteEditor
        key={draftId}
        label="New note"
        initial=""
        submitLabel="Add note"
        onSubmit={async (text) => {
          await save({ notes: [{ id: draftId, text }] });
          setDraftId(newClientId());
          setDrafting('adding', false);
        }}
        onDirtyChange={(dirty) => setDrafting('adding', dirty)}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) {
            setRemoving(null);
            setRemoveError(null);
          }
        }}
        title="Remove this note?"
        description={
          <>
            The note is removed from the lead for everyone on your team.
            {removeError && <span className="mt-2 block font-medium text-destructive">{removeError}</span>}
          </>
        }
        confirmLabel="Remove note"
        pending={removePending}
        onConfirm={() => removing && void remove(removing)}
      />
    </div>
  );
}
