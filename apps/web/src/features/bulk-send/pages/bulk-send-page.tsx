import { LinkIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { BulkSendForm } from '../components/bulk-send-form';

/** /events/:eventId/bulk-send-registration-link */
export function BulkSendPage() {
  const eventId = Number(useParams().eventId);
  const vip = useSession()?.type === 'vipAdmin';
  return (
    <>
      <PageHeader
        title="Send Registration Links"
        description={
          vip
            ? 'Registration links for your VIP guests.'
            : 'Email a single-use badge registration link to each person of a spreadsheet, within the allocation of the category.'
        }
      />
      {vip ? (
        // Bulk send spends an owner's places, which a VIP admin does not hold: it invites one by one.
        <Card>
          <EmptyState
            icon={LinkIcon}
            title="Invite VIP guests from Registration links"
            description="Send each guest a single-use link there, or share one link with several guests."
            action={
              <Button asChild>
                <Link to={paths.registrationLinks.href()}>Registration links</Link>
              </Button>
            }
          />
        </Card>
      ) : (
        <BulkSendForm eventId={eventId} />
      )}
    </>
  );
}
