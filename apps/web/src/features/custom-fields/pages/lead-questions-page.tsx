import type { CustomField } from '@portal/shared/custom-fields';
import { ClipboardListIcon, PlusIcon, SearchXIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { RecordError, RecordSkeleton } from '@/components/record-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useLeadQuestions } from '../api/get-lead-questions';
import { useReorderCustomFields } from '../api/reorder-custom-fields';
import { CustomFieldForm } from '../components/custom-field-form';
import { DeleteFieldDialog } from '../components/delete-field-dialog';
import { moveField } from '../components/field-groups';
import { FieldTable } from '../components/field-table';

const listHref = paths.leadQuestions.href();
/** `?edit=new` or `?edit=<id>`: the form in place of the list, so that the questions keep one address. */
const editHref = (which: number | 'new') => `${listHref}?edit=${which}`;

/**
 * /leads/questions: the exhibitor's own questions to qualify a visitor at the booth, asked in this
 * order. The exhibitor's account sets them; its sub-accounts read them (the API refuses them more).
 */
export function LeadQuestionsPage() {
  const session = useSession();
  const editable = session?.type === 'exhibitor';
  const [params] = useSearchParams();
  const editing = editable ? params.get('edit') : null;
  const questions = useLeadQuestions();
  const reorder = useReorderCustomFields();
  const [deleting, setDeleting] = useState<CustomField | null>(null);
  const fields = questions.data ?? [];
  const eventId = session?.user.eventId ?? null;

  if (editing !== null) return <QuestionEditor which={editing} questions={questions} eventId={eventId} />;

  function move(field: CustomField, by: -1 | 1) {
    if (eventId == null) return;
    reorder.mutate(
      { eventId, entityType: 'lead', ids: moveField(fields, field.id, by) },
      { onError: (error) => toast.error(errorMessage(error, 'The order could not be changed')) },
    );
  }

  return (
    <>
      <PageHeader
        title="Lead questions"
        description={
          editable
            ? 'Your own questions to qualify a visitor, asked in this order when your team scans a badge. Only your company sees the answers.'
            : 'The questions your team asks to qualify a visitor at the booth. Your exhibitor’s account sets them.'
        }
        actions={
          editable && (
            <Button asChild>
              <Link to={editHref('new')}>
                <PlusIcon aria-hidden />
                New question
              </Link>
            </Button>
          )
        }
      />
      <FieldTable
        name="lead-questions"
        heading="Asked at the booth"
        icon={ClipboardListIcon}
        query={questions}
        actions={
          editable
            ? { editHref: (field) => editHref(field.id), onMove: move, moving: reorder.isPending, onDelete: setDeleting }
            : undefined
        }
        emptyTitle="No lead questions yet"
        emptyDescription={
          editable
            ? 'Add a question your team should ask at the booth: a budget, a timeline, a product of interest.'
            : 'Your exhibitor’s account has not set any.'
        }
      />
      <DeleteFieldDialog field={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

type QuestionEditorProps = {
  which: string;
  questions: ReturnType<typeof useLeadQuestions>;
  eventId: number | null;
};

function QuestionEditor({ which, questions, eventId }: QuestionEditorProps) {
  const navigate = useNavigate();
  const field = which === 'new' ? null : questions.data?.find((question) => question.id === Number(which));
  if (which !== 'new') {
    if (questions.isPending) return <RecordSkeleton />;
    if (questions.isError) return <RecordError error={questions.error} noun="question" backTo={listHref} backLabel="Lead questions" />;
    if (!field) {
      return (
        <Card>
          <EmptyState
            icon={SearchXIcon}
            title="This question does not exist"
            description="It may have been deleted."
            action={
              <Button asChild variant="outline">
                <Link to={listHref}>Lead questions</Link>
              </Button>
            }
          />
        </Card>
      );
    }
  }
  return (
    <>
      <PageHeader
        title={field ? 'Edit question' : 'New question'}
        description={field ? `Change ${field.label}.` : 'A question your team answers when it qualifies a lead.'}
        back={{ to: listHref, label: 'Lead questions' }}
      />
      <CustomFieldForm
        key={which}
        entityType="lead"
        field={field ?? null}
        eventId={eventId}
        events={[]}
        categories={[]}
        cancelTo={listHref}
        onSaved={() => navigate(listHref)}
      />
    </>
  );
}
