import { SUB_ACCOUNT_SORTS, type SubAccount } from '@portal/shared/sub-accounts';
import { UsersIcon } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { DeleteAccountDialog } from '@/components/delete-account-dialog';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { RowActions } from '@/components/list/row-actions';
import { NativeSelect } from '@/components/ui/input';
import { useCan } from '@/hooks/use-can';
import { useListParams } from '@/hooks/use-list-params';
import { useRowDialogs } from '@/hooks/use-row-dialogs';
import { formatDate, timeAgo } from '@/lib/format';
import { useAnonymiseSubAccount } from '../api/anonymise-sub-account';
import { useDeleteSubAccount } from '../api/delete-sub-account';
import { useExhibitorOptions } from '../api/get-exhibitor-options';
import { useSubAccounts } from '../api/get-sub-accounts';
import { subAccountHref } from './sub-account-href';
import { SUB_ACCOUNT_ANONYMISED, SubAccountStatusBadge } from './sub-account-status';

const DEFAULT_SORT = 'name';
const isSort = (value: string) => (SUB_ACCOUNT_SORTS as readonly string[]).includes(value.replace(/^-/, ''));

type SubAccountListProps = {
  /** One exhibitor's sub-accounts, as on its page; otherwise every one the caller reaches. */
  exhibitorId?: number;
  /** Whether to offer the exhibitor filter: for admins, not for an exhibitor looking at its own. */
  filtersByExhibitor: boolean;
};

export function SubAccountList({ exhibitorId, filtersByExhibitor }: SubAccountListProps) {
  const { page, search, setPage, setSearch, filter, setFilter } = useListParams();
  const can = useCan();
  const navigate = useNavigate();
  const showFilter = filtersByExhibitor && exhibitorId == null;
  const exhibitorFilter = showFilter ? filter('exhibitorId') : '';
  const exhibitors = useExhibitorOptions({ enabled: showFilter });
  const sortParam = filter('sort');
  const sort = isSort(sortParam) ? sortParam : DEFAULT_SORT;
  const listExhibitor = exhibitorId ?? (exhibitorFilter ? Number(exhibitorFilter) : null);
  const subAccounts = useSubAccounts({ page, search, exhibitorId: listExhibitor, sort });
  const remove = useDeleteSubAccount();
  const anonymise = useAnonymiseSubAccount();
  const dialogs = useRowDialogs<SubAccount>(remove, 'sub-account');
  const showExhibitor = filtersByExhibitor && exhibitorId == null;

  const columns: ListColumn<SubAccount>[] = [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      hideable: false,
      cell: (subAccount) => (
        <>
          <Link
            to={subAccountHref(subAccount)}
            className="rounded-sm font-medium hover:text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {subAccount.name}
          </Link>
          <div className="text-xs break-all text-muted-foreground">{subAccount.email}</div>
        </>
      ),
    },
    ...(showExhibitor
      ? [
          {
            id: 'exhibitor',
            header: 'Exhibitor',
            className: 'hidden md:table-cell',
            cell: (subAccount: SubAccount) => (
              <>
                <div>{subAccount.companyName ?? subAccount.exhibitorName}</div>
                {subAccount.eventName && <div className="text-xs text-muted-foreground">{subAccount.eventName}</div>}
              </>
            ),
          },
        ]
      : []),
    {
      id: 'status',
      header: 'Status',
      className: 'hidden sm:table-cell',
      cell: (subAccount) => <SubAccountStatusBadge isActive={subAccount.isActive} />,
    },
    {
      id: 'lastLogin',
      header: 'Last sign-in',
      className: 'hidden text-muted-foreground lg:table-cell',
      cell: (subAccount) => (subAccount.lastLoginAt ? timeAgo(subAccount.lastLoginAt) : 'Never'),
    },
    {
      id: 'createdAt',
      header: 'Created',
      sortKey: 'createdAt',
      hiddenByDefault: true,
      className: 'hidden whitespace-nowrap text-muted-foreground md:table-cell',
      cell: (subAccount) => formatDate(subAccount.createdAt),
    },
    {
      id: 'actions',
      header: 'Actions',
      hideable: false,
      headerHidden: true,
      className: 'w-24 text-right',
      cell: (subAccount) =>
        can('create_sub_account') && (
          <RowActions
            name={subAccount.name}
            onEdit={() => navigate(`${subAccountHref(subAccount)}?edit=1`)}
            onDelete={() => dialogs.askDelete(subAccount)}
          />
        ),
    },
  ];

  return (
    <>
      <DataList
        name="sub-accounts"
        noun="sub-accounts"
        icon={UsersIcon}
        search={{ value: search, onSearch: setSearch, placeholder: 'Search by name or email' }}
        filters={
          showFilter && (
            <NativeSelect
              aria-label="Filter by exhibitor"
              value={exhibitorFilter}
              onChange={(event) => setFilter('exhibitorId', event.target.value)}
              className="sm:w-auto sm:min-w-64"
            >
              <option value="">All exhibitors</option>
              {(exhibitors.data ?? []).map((exhibitor) => (
                <option key={exhibitor.id} value={exhibitor.id}>
                  {exhibitor.companyName ?? exhibitor.name} · {exhibitor.eventName}
                </option>
              ))}
            </NativeSelect>
          )
        }
        query={subAccounts}
        columns={columns}
        getRowId={(subAccount) => subAccount.id}
        sort={{
          value: sort,
          onChange: (next) => setFilter('sort', next === DEFAULT_SORT ? '' : next),
          descendingFirst: ['createdAt'],
        }}
        exportTo={
          can('export_data')
            ? {
                url: '/admin/sub-accounts/export',
                params: { search: search || undefined, sort, exhibitorId: listExhibitor ?? undefined },
                fileName: 'sub-accounts',
              }
            : undefined
        }
        onPageChange={setPage}
        emptyTitle="No sub-accounts yet"
        emptyDescription={
          can('create_sub_account')
            ? 'Give a colleague their own sign-in to register badges on the exhibitor’s behalf.'
            : 'Sub-accounts appear here once they are created.'
        }
      />

      <DeleteAccountDialog
        account={dialogs.deleting}
        noun="sub-account"
        description={`${dialogs.deleting?.name ?? 'The sub-account'} will lose access and be deleted permanently. This cannot be undone.`}
        anonymiseDescription={SUB_ACCOUNT_ANONYMISED}
        remove={remove}
        anonymise={anonymise}
        onClose={dialogs.cancelDelete}
      />
    </>
  );
}
