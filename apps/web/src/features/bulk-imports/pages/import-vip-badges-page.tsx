import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { paths } from '@/config/paths';
import { BulkImportFlow } from '../components/bulk-import-flow';
import { CategoryChooser, useChosenCategory } from '../components/category-chooser';
import { ImportExplanation } from '../components/import-explanation';
import { useImportTarget } from '../api/get-import-target';

/** /events/:eventId/vip-users/bulk-upload: VIP guests' badges from a spreadsheet. */
export function ImportVipBadgesPage() {
  const eventId = Number(useParams().eventId);
  const target = useImportTarget({ eventId });
  const category = useChosenCategory(eventId, (choice) => choice.badgeType === 'vip');
  const chosenId = category.chosen?.id;
  const list = {
    to: chosenId ? paths.usersByCategory.href({ badgeCategoryId: chosenId }) : paths.users.href(),
    label: 'Badges',
  };
  return (
    <>
      <PageHeader
        title="Upload VIP Guests"
        description="Register or update many VIP badges of this event from one spreadsheet."
        back={list}
      />
      <div className="grid max-w-5xl grid-cols-1 gap-6">
        <ImportExplanation
          target={target}
          items={[
            'One row per VIP guest: name, email, phone and the category’s own questions.',
            'A row whose email matches a VIP badge of this category updates it; other rows register new VIP badges.',
          ]}
        >
          <CategoryChooser state={category} emptyMessage="This event has no VIP badge category yet." />
        </ImportExplanation>
        <BulkImportFlow
          key={chosenId ?? 'none'}
          kind="exhibitor-users"
          fields={chosenId ? { eventId, badgeCategoryId: chosenId, type: 'vip' } : null}
          missingChoice="Choose the VIP category first."
          noun={{ one: 'VIP badge', many: 'VIP badges' }}
          list={list}
          templateHint="The columns of the chosen VIP category, its own questions included, with a note on each column’s format, the allowed values of drop-downs and an example row."
        />
      </div>
    </>
  );
}
