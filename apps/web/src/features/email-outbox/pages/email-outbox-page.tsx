import { PageHeader } from '@/components/layout/page-header';
import { OutboxList } from '../components/outbox-list';

/** /email-outbox */
export function EmailOutboxPage() {
  return (
    <>
      <PageHeader
        title="Email Outbox"
        description="Every mail the portal sends waits here until the mail server accepts it; failed ones are retried with back-off."
      />
      <OutboxList />
    </>
  );
}
