import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { paths } from '@/config/paths';
import { useListParams } from '@/hooks/use-list-params';
import { useSession } from '@/lib/session';
import { useCategoryOptions } from '../api/get-category-options';
import { useEventOptions } from '../api/get-event-options';
import { CustomFieldForm } from '../components/custom-field-form';

/** /custom-fields/create */
export function CreateCustomFieldPage() {
  const navigate = useNavigate();
  const { filter, setFilter } = useListParams();
  const session = useSession();
  const ownEvent = session?.user.eventId ?? null;
  const eventId = ownEvent ?? (Number(filter('eventId')) || null);
  const events = useEventOptions({ enabled: ownEvent == null });
  const categories = useCategoryOptions(eventId);
  // Back to the list of the event chosen here, which a caller without an event of its own picks in the URL.
  const listOf = (id: number | null) => paths.customFields.href() + (ownEvent == null && id ? `?eventId=${id}` : '');
  const listHref = listOf(eventId);

  return (
    <>
      <PageHeader
        title="Create Custom Field"
        description="Add a question to the badge forms."
        back={{ to: listHref, label: 'Custom Fields' }}
      />
      <CustomFieldForm
        field={null}
        eventId={eventId}
        events={ownEvent == null ? (events.data ?? []) : []}
        categories={categories.data ?? []}
        onEventChange={(id) => setFilter('eventId', id ? String(id) : '')}
        cancelTo={listHref}
        onSaved={(saved) => navigate(listOf(saved.eventId))}
      />
    </>
  );
}
