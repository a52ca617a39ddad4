import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { useSession } from '@/lib/session';
import { BadgeLinkList } from '../components/badge-link-list';
import { LinkTable } from '../components/link-table';

const idParam = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

/**
 * /registration-links: the badge registration links within reach, of one category when the URL
 * names it (`?badgeCategoryId=`). New links need an event: the user's own, else `?eventId=`.
 */
export function BadgeLinksPage() {
  const [searchParams] = useSearchParams();
  const session = useSession();
  const badgeCategoryId = idParam(searchParams.get('badgeCategoryId'));
  const eventId = session?.user.eventId ?? idParam(searchParams.get('eventId'));
  return (
    <>
      <PageHeader
        title="Registration links"
        description={
          session?.type === 'vipAdmin'
            ? 'Links through which your VIP guests register their badges themselves.'
            : 'Links through which people register their badges themselves. Each registration takes a place of the link owner’s allocation.'
        }
      />
      {eventId != null ? (
        <BadgeLinkList context={{ eventId, badgeCategoryId }} />
      ) : (
        <LinkTable
          heading="Badge registration links"
          filter={{ kind: 'badge', badgeCategoryId }}
          empty="Open an event’s exhibitor or a badge category to create links."
          revokeDescription="People who open it can no longer register. Badges registered through it stay. This cannot be undone."
        />
      )}
    </>
  );
}
