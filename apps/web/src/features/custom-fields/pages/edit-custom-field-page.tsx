import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { RecordError, RecordSkeleton } from '@/components/record-state';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useCategoryOptions } from '../api/get-category-options';
import { useCustomField } from '../api/get-custom-field';
import { CustomFieldForm } from '../components/custom-field-form';

/** /custom-fields/:id/edit */
export function EditCustomFieldPage() {
  const id = Number(useParams().id);
  const field = useCustomField(id);
  const categories = useCategoryOptions(field.data?.eventId ?? null);
  const navigate = useNavigate();
  const ownEvent = useSession()?.user.eventId ?? null;
  const listHref = paths.customFields.href() + (ownEvent == null && field.data ? `?eventId=${field.data.eventId}` : '');

  // The category select needs its options before it shows the field's own.
  if (field.isPending || (field.isSuccess && categories.isPending)) return <RecordSkeleton />;
  if (field.isError)
    return <RecordError error={field.error} noun="custom field" backTo={listHref} backLabel="Custom Fields" />;
  return (
    <>
      <PageHeader
        title="Edit Custom Field"
        description={`Change ${field.data.label} on the badge forms.`}
        back={{ to: listHref, label: 'Custom Fields' }}
      />
      <CustomFieldForm
        key={field.data.id}
        field={field.data}
        eventId={field.data.eventId}
        events={[]}
        categories={categories.data ?? []}
        cancelTo={listHref}
        onSaved={() => navigate(listHref)}
      />
    </>
  );
}
