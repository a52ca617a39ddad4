import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { BulkImportFlow } from '../components/bulk-import-flow';
import { CategoryChooser, useChosenCategory } from '../components/category-chooser';
import { ImportExplanation } from '../components/import-explanation';
import { useImportTarget } from '../api/get-import-target';

/**
 * …/exhibitor/:exhibitorId/exhibitor-users/bulk-import and
 * …/subaccount/:subAccountId/exhibitor-users/bulk-import: badges registered into the allocation of
 * an exhibitor, or of one of its sub-accounts.
 */
export function ImportBadgesPage() {
  const params = useParams();
  const eventId = Number(params.eventId);
  const exhibitorId = Number(params.exhibitorId);
  const subAccountId = params.subAccountId ? Number(params.subAccountId) : undefined;
  const target = useImportTarget({ eventId, exhibitorId, subAccountId });
  const session = useSession();
  const category = useChosenCategory(eventId, (choice) => choice.badgeType !== 'vip');
  const chosenId = category.chosen?.id;

  // Exhibitors and sub-accounts come back to their own badges; organisers to the holder's page.
  const ownBadges = session?.type === 'exhibitor' || session?.type === 'sub-account';
  const list = ownBadges
    ? {
        to: chosenId ? paths.usersByCategory.href({ badgeCategoryId: chosenId }) : paths.users.href(),
        label: 'Badges',
      }
    : subAccountId
      ? { to: paths.eventExhibitorSubAccount.href({ eventId, exhibitorId, subAccountId }), label: 'Sub-account' }
      : { to: `${paths.eventExhibitor.href({ eventId, exhibitorId })}?tab=badges`, label: 'Exhibitor' };

  return (
    <>
      <PageHeader
        title="Import Badges"
        description={
          subAccountId
            ? 'Register or update many badges of a sub-account from one spreadsheet.'
            : 'Register or update many badges of an exhibitor from one spreadsheet.'
        }
        back={list}
      />
      <div className="grid max-w-5xl grid-cols-1 gap-6">
        <ImportExplanation
          target={target}
          items={[
            'One row per badge of the chosen category: name, email, phone and the category’s own questions.',
            'A row whose email matches a badge of this category updates it; other rows register new badges.',
            subAccountId
              ? 'New badges use places of the sub-account’s allocation: the check counts them before anything is written.'
              : 'New badges use places of the exhibitor’s allocation: the check counts them before anything is written.',
          ]}
        >
          <CategoryChooser
            state={category}
            emptyMessage="This event has no badge category to register badges in yet."
          />
        </ImportExplanation>
        <BulkImportFlow
          key={chosenId ?? 'none'}
          kind="exhibitor-users"
          fields={chosenId ? { eventId, exhibitorId, adminId: subAccountId, badgeCategoryId: chosenId } : null}
          missingChoice="Choose the badge category first."
          noun={{ one: 'badge', many: 'badges' }}
          list={list}
          templateHint="The columns of the chosen category, its own questions included, with a note on each column’s format, the allowed values of drop-downs and an example row."
        />
      </div>
    </>
  );
}
