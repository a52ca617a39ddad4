import { FileSpreadsheetIcon, PlusIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { paths } from '@/config/paths';
import { useCan } from '@/hooks/use-can';
import { useSession } from '@/lib/session';
import { ExhibitorList } from '../components/exhibitor-list';

/** Exhibitor Profiles. */
export function ExhibitorsPage() {
  const can = useCan();
  // An import goes into one event: the user's own, or the one the list is filtered by.
  const [searchParams] = useSearchParams();
  const importEvent = useSession()?.user.eventId ?? (Number(searchParams.get('eventId')) || null);
  return (
    <>
      <PageHeader
        title="Exhibitor Profiles"
        description="Exhibiting companies, their contacts, stands and sign-ins."
        actions={
          can('create_exhibitor') && (
            <>
              {importEvent == null ? (
                <Tooltip content="Choose an event in the filter to import exhibitors into it">
                  <span tabIndex={0}>
                    <Button variant="outline" disabled>
                      <FileSpreadsheetIcon aria-hidden />
                      Import exhibitors
                    </Button>
                  </span>
                </Tooltip>
              ) : (
                <Button asChild variant="outline">
                  <Link to={paths.exhibitorsBulkImport.href({ eventId: importEvent })}>
                    <FileSpreadsheetIcon aria-hidden />
                    Import exhibitors
                  </Link>
                </Button>
              )}
              <Button asChild>
                <Link to={paths.exhibitorsCreate.href()}>
                  <PlusIcon aria-hidden />
                  New exhibitor
                </Link>
              </Button>
            </>
          )
        }
      />
      <ExhibitorList />
    </>
  );
}
