import type { LeadRating, UpdateLeadBody } from '@portal/shared/leads';
import { ContactIcon, Trash2Icon } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageHeader } from '@/components/layout/page-header';
import { RecordError, RecordSkeleton } from '@/components/record-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useUnsavedChangesGuard } from '@/hooks/use-unsaved-changes-guard';
import { errorMessage } from '@/lib/api-client';
import { formatEventTime, timeZoneName } from '@/lib/event-time';
import { useSession } from '@/lib/session';
import { useDeleteLead } from '../api/delete-lead';
import { useLead } from '../api/get-lead';
import { useLeadQuestions } from '../api/get-lead-questions';
import { useUpdateLead } from '../api/update-lead';
import { LeadAnswers } from '../components/lead-answers';
import { LeadNotes } from '../components/lead-notes';
import { LeadConsent, LeadVisitorDetails, visitorName } from '../components/lead-visitor';
import { RatingControl } from '../components/rating-control';
import { TagEditor } from '../components/tag-editor';
import { tagChange } from '../lib/lead-tags';
import { useEventTimeZone } from '../lib/use-event-time-zone';

/** /leads/:id: one lead, to qualify: rating, tags, notes and the answers to the exhibitor's questions. */
export function LeadPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const session = useSession();
  // The name the API writes as a note's author: the account's first and last name, else its email.
  const timeZone = useEventTimeZone();
  const lead = useLead(id);
  const update = useUpdateLead(id);
  // Without questions (none asked, or none to read) the page simply has no questions part.
  const questions = useLeadQuestions();
  const remove = useDeleteLead();
  const [deleting, setDeleting] = useState(false);
  const [drafting, setDrafting] = useState({ notes: false, answers: false });
  const onNotesDraft = useCallback((notes: boolean) => setDrafting((current) => ({ ...current, notes })), []);
  const onAnswersDirty = useCallback((answers: boolean) => setDrafting((current) => ({ ...current, answers })), []);
  const leaveGuard = useUnsavedChangesGuard(drafting.notes || drafting.answers, 'this lead');

  if (lead.isPending) return <RecordSkeleton />;
  if (lead.isError) {
    return (
      <RecordError
        error={lead.error}
        noun="lead"
        backTo={paths.leads.href()}
        backLabel="Back to leads"
        icon={ContactIcon}
      />
    );
  }
  const current = lead.data;
  const save = (body: UpdateLeadBody) => update.mutateAsync(body);
  const quickSave = (body: UpdateLeadBody, done: string) =>
    update.mutate(body, {
      onSuccess: () => toast.success(done),
      onError: (error) => toast.error(errorMessage(error, 'The change could not be saved')),
    });
  // While a change is on its way, the control shows it; the server's answer then replaces it.
  const pendingBody = update.isPending ? update.variables : undefined;
  const shownRating = pendingBody && 'rating' in pendingBody ? (pendingBody.rating ?? null) : current.rating;
  const shownTags = pendingBody?.tags ?? current.tags;

  function deleteLead() {
    remove.mutate(id, {
      onSuccess: () => {
        toast.success('Lead deleted');
        void navigate(paths.leads.href());
      },
      onError: (error) => toast.error(errorMessage(error, 'The lead could not be deleted')),
    });
  }

  return (
    <>
      <PageHeader
        title={visitorName(current.visitor)}
        description={current.visitor.company ?? undefined}
        back={{ to: paths.leads.href(), label: 'Leads' }}
        actions={
          <Button variant="outline" onClick={() => setDeleting(true)}>
            <Trash2Icon aria-hidden />
            Delete lead
          </Button>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <div className="grid gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Visitor</CardTitle>
              <CardDescription>
                Scanned <time dateTime={current.scannedAt}>{formatEventTime(current.scannedAt, timeZone)}</time> (
                {timeZoneName(timeZone)}) by {current.scannedBy.name}
                {current.scans > 1 ? ` · scanned ${current.scans} times` : ''}
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <LeadVisitorDetails
                visitor={current.visitor}
                empty={
                  <p className="text-sm text-muted-foreground">
                    Nothing more of this visitor is shared with exhibitors.
                  </p>
                }
              />
              <LeadConsent consent={current.consent} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Qualification</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-5">
              <div className="grid gap-2">
                <RatingControl
                  name="lead-rating"
                  value={shownRating}
                  disabled={update.isPending}
                  onChange={(rating: LeadRating) => quickSave({ rating }, 'Rating saved')}
                />
                {shownRating && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="justify-self-start"
                    disabled={update.isPending}
                    onClick={() => quickSave({ rating: null }, 'Rating cleared')}
                  >
                    Clear rating
                  </Button>
                )}
              </div>
              <TagEditor
                tags={shownTags}
                disabled={update.isPending}
                onChange={(tags) => quickSave(tagChange(current.tags, tags), 'Tags saved')}
              />
            </CardContent>
          </Card>
          {questions.data && questions.data.length > 0 && (
            <Card>
              <CardHeader>
                <CardTitle>Questions</CardTitle>
                <CardDescription>Your own questions for qualifying a lead.</CardDescription>
              </CardHeader>
              <CardContent>
                <LeadAnswers lead={current} questions={questions.data} save={save} onDirtyChange={onAnswersDirty} />
              </CardContent>
            </Card>
          )}
        </div>
        <Card>
          <CardHeader>
            <CardTitle>Notes</CardTitle>
          </CardHeader>
          <CardContent>
            <LeadNotes
              notes={current.notes}
              ownId={session?.user.id ?? null}
              removesAny={session?.type === 'exhibitor'}
              timeZone={timeZone}
              save={save}
              onDraftChange={onNotesDraft}
            />
          </CardContent>
        </Card>
      </div>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete this lead?"
        description={`${visitorName(current.visitor)} leaves your leads with every note, tag and answer, for your whole team. This cannot be undone.`}
        confirmLabel="Delete lead"
        pending={remove.isPending}
        onConfirm={deleteLead}
      />
      {leaveGuard}
    </>
  );
}
