import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { paths } from '@/config/paths';
import { useListParams } from '@/hooks/use-list-params';
import { useSession } from '@/lib/session';
import { useCategoryOptions } from '../api/get-category-options';
import { useEventOptions } from '../api/get-event-options';
import { EmailTemplateForm } from '../components/email-template-form';

/** /email-templates/create and /events/:eventId/templates/create, where the event is fixed. */
export function CreateEmailTemplatePage() {
  const navigate = useNavigate();
  const routeEvent = Number(useParams().eventId) || null;
  const ownEvent = useSession()?.user.eventId ?? null;
  const fixedEvent = routeEvent ?? ownEvent;
  const { filter, setFilter } = useListParams();
  const eventId = fixedEvent ?? (Number(filter('eventId')) || null);
  const events = useEventOptions({ enabled: fixedEvent == null });
  const categories = useCategoryOptions(eventId);
  const backHref =
    routeEvent != null ? `${paths.event.href({ id: routeEvent })}?tab=email-templates` : paths.emailTemplates.href();

  return (
    <>
      <PageHeader
        title="Create Email Template"
        description="Write the mail the portal sends for one purpose."
        back={{ to: backHref, label: routeEvent != null ? 'Event' : 'Email Templates' }}
      />
      <EmailTemplateForm
        template={null}
        eventId={eventId}
        events={fixedEvent == null ? (events.data ?? []) : []}
        categories={categories.data ?? []}
        onEventChange={(id) => setFilter('eventId', id ? String(id) : '')}
        cancelTo={backHref}
        onSaved={() => navigate(backHref)}
      />
    </>
  );
}
