import { PlusIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useCan } from '@/hooks/use-can';
import { ExhibitorList } from '../components/exhibitor-list';

/** Exhibitor Profiles. */
export function ExhibitorsPage() {
  const can = useCan();
  return (
    <>
      <PageHeader
        title="Exhibitor Profiles"
        description="Exhibiting companies, their contacts, stands and sign-ins."
        actions={
          can('create_exhibitor') && (
            <Button asChild>
              <Link to={paths.exhibitorsCreate.href()}>
                <PlusIcon aria-hidden />
                New exhibitor
              </Link>
            </Button>
          )
        }
      />
      <ExhibitorList />
    </>
  );
}
