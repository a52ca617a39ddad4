import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useCan } from '@/hooks/use-can';
import { useSession } from '@/lib/session';
import { CreateBadgeLinkDialog, type BadgeLinkContext } from './create-badge-link-dialog';
import { LinkTable } from './link-table';

/** The badge registration links of a category or an exhibitor, with a dialog to create or send one. */
export function BadgeLinkList({ context }: { context: BadgeLinkContext }) {
  const can = useCan();
  const vip = useSession()?.type === 'vipAdmin';
  const [creating, setCreating] = useState(false);
  return (
    <div className="mb-6">
      <LinkTable
        heading="Badge registration links"
        headingActions={
          can('create_exhibitor_user') && (
            <Button onClick={() => setCreating(true)}>
              <PlusIcon aria-hidden />
              New link
            </Button>
          )
        }
        filter={{ kind: 'badge', badgeCategoryId: context.badgeCategoryId, exhibitorId: context.exhibitorId }}
        empty={
          vip
            ? 'Create one to let your VIP guests register their badges themselves.'
            : 'Create one to let people register their badges themselves, on places of an allocation.'
        }
        revokeDescription="People who open it can no longer register. Badges registered through it stay. This cannot be undone."
      />
      <CreateBadgeLinkDialog context={context} open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
