import { SendIcon } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '@/components/layout/page-header';
import { RecordError, RecordSkeleton } from '@/components/record-state';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { HistorySection } from '@/features/audit/components/record-history';
import { errorMessage } from '@/lib/api-client';
import { useCategoryOptions } from '../api/get-category-options';
import { useEmailTemplate } from '../api/get-email-template';
import { useSendTestEmail } from '../api/send-test-email';
import { EmailTemplateForm } from '../components/email-template-form';

/** /email-templates/:id/edit and /events/:eventId/templates/:id/edit */
export function EditEmailTemplatePage() {
  const params = useParams();
  const id = Number(params.id);
  const routeEvent = Number(params.eventId) || null;
  const template = useEmailTemplate(id);
  const categories = useCategoryOptions(template.data?.eventId ?? null);
  const sendTest = useSendTestEmail();
  const navigate = useNavigate();
  const backHref =
    routeEvent != null ? `${paths.event.href({ id: routeEvent })}?tab=email-templates` : paths.emailTemplates.href();
  const backLabel = routeEvent != null ? 'Event' : 'Email Templates';

  // The category select needs its options before it shows the template's own.
  if (template.isPending || (template.data?.eventId != null && categories.isPending)) return <RecordSkeleton />;
  // The page keeps its heading when the template is missing or out of reach.
  if (template.isError)
    return (
      <>
        <PageHeader title="Edit Email Template" back={{ to: backHref, label: backLabel }} />
        <RecordError error={template.error} noun="email template" backTo={backHref} backLabel={backLabel} />
      </>
    );

  function test() {
    sendTest.mutate(id, {
      onSuccess: (result) => toast.success(`A test mail is queued to ${result.toAddress}`),
      onError: (error) => toast.error(errorMessage(error, 'The test mail could not be sent')),
    });
  }

  return (
    <>
      <PageHeader
        title="Edit Email Template"
        description={`Change ${template.data.name}. A test mail uses the saved version.`}
        back={{ to: backHref, label: backLabel }}
        actions={
          <Button variant="outline" disabled={sendTest.isPending} onClick={test}>
            <SendIcon aria-hidden />
            Send me a test
          </Button>
        }
      />
      <EmailTemplateForm
        key={template.data.id}
        template={template.data}
        eventId={template.data.eventId}
        events={[]}
        categories={categories.data ?? []}
        cancelTo={backHref}
        onSaved={() => navigate(backHref)}
      />
      <HistorySection kind="template" id={template.data.id} className="mt-6" />
    </>
  );
}
