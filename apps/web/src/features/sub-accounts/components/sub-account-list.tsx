import type { SubAccount } from '@portal/shared/sub-accounts';
import { UsersIcon } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { DeleteAccountDialog } from '@/components/delete-account-dialog';
import { ListPanel } from '@/components/list/list-panel';
import { RowActions } from '@/components/list/row-actions';
import { NativeSelect } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useCan } from '@/hooks/use-can';
import { useListParams } from '@/hooks/use-list-params';
import { useRowDialogs } from '@/hooks/use-row-dialogs';
import { timeAgo } from '@/lib/format';
import { useAnonymiseSubAccount } from '../api/anonymise-sub-account';
import { useDeleteSubAccount } from '../api/delete-sub-account';
import { useExhibitorOptions } from '../api/get-exhibitor-options';
import { useSubAccounts } from '../api/get-sub-accounts';
import { subAccountHref } from './sub-account-href';
import { SUB_ACCOUNT_ANONYMISED, SubAccountStatusBadge } from './sub-account-status';

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
  const subAccounts = useSubAccounts({
    page,
    search,
    exhibitorId: exhibitorId ?? (exhibitorFilter ? Number(exhibitorFilter) : null),
  });
  const remove = useDeleteSubAccount();
  const anonymise = useAnonymiseSubAccount();
  const dialogs = useRowDialogs<SubAccount>(remove, 'sub-account');
  const showExhibitor = filtersByExhibitor && exhibitorId == null;

  return (
    <>
      <ListPanel
        noun="sub-accounts"
        icon={UsersIcon}
        search={search}
        onSearch={setSearch}
        searchPlaceholder="Search by name or email"
        filters={
          showFilter && (
            <NativeSelect
              aria-label="Filter by exhibitor"
              value={exhibitorFilter}
              onChange={(event) => setFilter('exhibitorId', event.target.value)}
              className="sm:ml-auto sm:w-auto sm:min-w-64"
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
        onPageChange={setPage}
        emptyTitle="No sub-accounts yet"
        emptyDescription={
          can('create_sub_account')
            ? 'Give a colleague their own sign-in to register badges on the exhibitor’s behalf.'
            : 'Sub-accounts appear here once they are created.'
        }
        columns={5}
      >
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              {showExhibitor && <TableHead className="hidden md:table-cell">Exhibitor</TableHead>}
              <TableHead className="hidden sm:table-cell">Status</TableHead>
              <TableHead className="hidden lg:table-cell">Last sign-in</TableHead>
              <TableHead className="w-24 text-right">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {subAccounts.data?.data.map((subAccount) => {
              const href = subAccountHref(subAccount);
              return (
                <TableRow key={subAccount.id}>
                  <TableCell>
                    <Link
                      to={href}
                      className="rounded-sm font-medium hover:text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    >
                      {subAccount.name}
                    </Link>
                    <div className="text-xs break-all text-muted-foreground">{subAccount.email}</div>
                  </TableCell>
                  {showExhibitor && (
                    <TableCell className="hidden md:table-cell">
                      <div>{subAccount.companyName ?? subAccount.exhibitorName}</div>
                      {subAccount.eventName && (
                        <div className="text-xs text-muted-foreground">{subAccount.eventName}</div>
                      )}
                    </TableCell>
                  )}
                  <TableCell className="hidden sm:table-cell">
                    <SubAccountStatusBadge isActive={subAccount.isActive} />
                  </TableCell>
                  <TableCell className="hidden text-muted-foreground lg:table-cell">
                    {subAccount.lastLoginAt ? timeAgo(subAccount.lastLoginAt) : 'Never'}
                  </TableCell>
                  <TableCell>
                    {can('create_sub_account') && (
                      <RowActions
                        name={subAccount.name}
                        onEdit={() => navigate(`${href}?edit=1`)}
                        onDelete={() => dialogs.askDelete(subAccount)}
                      />
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </ListPanel>

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
