import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { BulkSendForm } from '../components/bulk-send-form';

/** /events/:eventId/bulk-send-registration-link */
export function BulkSendPage() {
  const eventId = Number(useParams().eventId);
  return (
    <>
      <PageHeader
        title="Send Registration Links"
        description="Email a single-use badge registration link to each person of a spreadsheet, within the allocation of the category."
      />
      <BulkSendForm eventId={eventId} />
    </>
  );
}
