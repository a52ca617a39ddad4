import { PlusIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useCan } from '@/hooks/use-can';
import { useSession } from '@/lib/session';
import { BadgeList } from '../components/badge-list';

const COPY = {
  registrations: { title: 'Registrations', description: 'Every badge registered in the events you manage.' },
  badges: { title: 'Badges', description: 'Every badge of the categories open to you, across the events you manage.' },
} as const;

/**
 * /registrations and /badges (the VIEW_BADGES landing): every badge of the user's scope, of all the
 * categories the user may see, with the filters of a category's list.
 */
export function RegistrationsPage({ variant = 'registrations' }: { variant?: keyof typeof COPY }) {
  const session = useSession();
  const can = useCan();
  const copy = COPY[variant];
  return (
    <>
      <PageHeader
        title={copy.title}
        description={copy.description}
        actions={
          can('create_exhibitor_user') && (
            <Button asChild>
              <Link to={paths.usersCreate.href()}>
                <PlusIcon aria-hidden />
                New badge
              </Link>
            </Button>
          )
        }
      />
      <BadgeList badgeCategoryId={null} eventId={session?.user.eventId ?? null} fields={[]} />
    </>
  );
}
