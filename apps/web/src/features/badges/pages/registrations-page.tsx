import { PageHeader } from '@/components/layout/page-header';
import { useSession } from '@/lib/session';
import { BadgeList } from '../components/badge-list';

/** /registrations: every badge of the user's scope, of all categories. */
export function RegistrationsPage() {
  const session = useSession();
  return (
    <>
      <PageHeader title="Registrations" description="Every badge registered in the events you manage." />
      <BadgeList badgeCategoryId={null} eventId={session?.user.eventId ?? null} fields={[]} />
    </>
  );
}
