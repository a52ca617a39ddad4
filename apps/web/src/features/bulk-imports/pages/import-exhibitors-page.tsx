import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { BulkImportFlow } from '../components/bulk-import-flow';
import { ImportExplanation } from '../components/import-explanation';
import { useImportTarget } from '../api/get-import-target';

/** /events/:eventId/exhibitors/bulk-import: many exhibitors of one event from a spreadsheet. */
export function ImportExhibitorsPage() {
  const eventId = Number(useParams().eventId);
  const target = useImportTarget({ eventId });
  const ownEvent = useSession()?.user.eventId ?? null;
  // An admin of every event comes back to the list showing this event's exhibitors.
  const list = {
    to: ownEvent == null ? `${paths.exhibitors.href()}?eventId=${eventId}` : paths.exhibitors.href(),
    label: 'Exhibitor Profiles',
  };
  return (
    <>
      <PageHeader
        title="Import Exhibitors"
        description="Add or update many exhibitors of this event from one spreadsheet."
        back={list}
      />
      <div className="grid max-w-5xl grid-cols-1 gap-6">
        <ImportExplanation
          target={target}
          items={[
            'One row per exhibiting company: the company, its contact person and email, and its stand.',
            'A row whose external id matches an exhibitor of this event updates it; other rows create new exhibitors.',
          ]}
        />
        <BulkImportFlow
          kind="exhibitors"
          fields={{ eventId }}
          noun={{ one: 'exhibitor', many: 'exhibitors' }}
          list={list}
          templateHint="The columns for this event, a note on each column’s format and an example row."
        />
      </div>
    </>
  );
}
