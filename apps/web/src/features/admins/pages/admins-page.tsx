import { ADMIN_SORTS, type Admin } from '@portal/shared/admins';
import { MailIcon, PlusIcon, UserCogIcon } from 'lucide-react';
import { toast } from 'sonner';
import { DeleteAccountDialog } from '@/components/delete-account-dialog';
import { FormDialog } from '@/components/form/form-dialog';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { RowActions } from '@/components/list/row-actions';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { Tooltip } from '@/components/ui/tooltip';
import { useListParams } from '@/hooks/use-list-params';
import { useRowDialogs } from '@/hooks/use-row-dialogs';
import { errorMessage } from '@/lib/api-client';
import { formatDate, timeAgo } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useAnonymiseAdmin } from '../api/anonymise-admin';
import { useDeleteAdmin } from '../api/delete-admin';
import { useAdmins } from '../api/get-admins';
import { useRoleOptions } from '../api/get-role-options';
import { useResendAdminInvitation } from '../api/resend-admin-invitation';
import { AdminForm } from '../components/admin-form';


export function AdminsPage() {
  const { page, search, setPage, setSearch, filter, setFilter, sortBy } = useListParams();
  const roleFilter = filter('roleId');
  const sorting = sortBy(ADMIN_SORTS, 'name');
  const sort = sorting.value;
  const admins = useAdmins({ page, search, roleId: roleFilter ? Number(roleFilter) : null, sort });
  const roles = useRoleOptions();
  const selfId = useSession()?.user.id;
  const remove = useDeleteAdmin();
  const anonymise = useAnonymiseAdmin();
  const dialogs = useRowDialogs<Admin>(remove, 'admin');
  const resend = useResendAdminInvitation();

  function resendInvitation(admin: Admin) {
    resend.mutate(admin.id, {
      onSuccess: () => toast.success(`Invitation sent again to ${admin.email}`),
      onError: (error) => toast.error(errorMessage(error, 'The invitation could not be sent')),
    });
  }

  const columns: ListColumn<Admin>[] = [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      hideable: false,
      cell: (admin) => (
        <>
          <div className="font-medium">
            {admin.name}
            {admin.id === selfId && <span className="ml-2 text-xs font-normal text-muted-foreground">(you)</span>}
          </div>
          <div className="text-xs text-muted-foreground">{admin.email}</div>
        </>
      ),
    },
    {
      id: 'roles',
      header: 'Roles',
      className: 'hidden sm:table-cell',
      cell: (admin) => (
        <div className="flex flex-wrap gap-1">
          {admin.roles.map((role) => (
            <Badge key={role.id} variant="secondary">
              {role.name}
            </Badge>
          ))}
        </div>
      ),
    },
    {
      id: 'event',
      header: 'Event',
      className: 'hidden lg:table-cell',
      cell: (admin) => admin.eventName ?? '—',
    },
    {
      id: 'company',
      header: 'Company',
      className: 'hidden lg:table-cell',
      cell: (admin) => admin.companyName ?? '—',
    },
    {
      id: 'status',
      header: 'Status',
      className: 'hidden md:table-cell',
      cell: (admin) =>
        !admin.isActive ? (
          <Badge variant="outline">Inactive</Badge>
        ) : admin.hasPassword ? (
          <Badge variant="success">Active</Badge>
        ) : (
          <Badge variant="secondary">Invited</Badge>
        ),
    },
    {
      id: 'lastLogin',
      header: 'Last sign-in',
      className: 'hidden text-muted-foreground xl:table-cell',
      cell: (admin) => (admin.lastLoginAt ? timeAgo(admin.lastLoginAt) : 'Never'),
    },
    {
      id: 'createdAt',
      header: 'Created',
      sortKey: 'createdAt',
      hiddenByDefault: true,
      className: 'hidden whitespace-nowrap text-muted-foreground md:table-cell',
      cell: (admin) => formatDate(admin.createdAt),
    },
    {
      id: 'actions',
      header: 'Actions',
      hideable: false,
      headerHidden: true,
      className: 'w-24 text-right',
      cell: (admin) => (
        <div className="flex justify-end gap-1">
          {!admin.hasPassword && (
            <Tooltip content="Resend invitation">
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Resend invitation to ${admin.name}`}
                disabled={resend.isPending}
                onClick={() => resendInvitation(admin)}
              >
                <MailIcon aria-hidden />
              </Button>
            </Tooltip>
          )}
          <RowActions
            name={admin.name}
            onEdit={() => dialogs.openEdit(admin)}
            onDelete={() => dialogs.askDelete(admin)}
            deleteBlockedReason={admin.id === selfId ? 'You cannot delete your own account' : undefined}
          />
        </div>
      ),
    },
  ];

  return (
    <>
      <DataList
        name="admins"
        noun="admins"
        icon={UserCogIcon}
        title="Admins"
        description="Everyone who signs in to the portal: organisers, exhibitors and their staff."
        actions={
          <Button onClick={() => dialogs.openCreate()}>
            <PlusIcon aria-hidden />
            New admin
          </Button>
        }
        search={{ value: search, onSearch: setSearch, placeholder: 'Search by name or email' }}
        filters={
          <NativeSelect
            aria-label="Filter by role"
            value={roleFilter}
            onChange={(event) => setFilter('roleId', event.target.value)}
            className="sm:w-auto sm:min-w-52"
          >
            <option value="">All roles</option>
            {(roles.data ?? []).map((role) => (
              <option key={role.id} value={role.id}>
                {role.name}
              </option>
            ))}
          </NativeSelect>
        }
        query={admins}
        columns={columns}
        getRowId={(admin) => admin.id}
        sort={{
          ...sorting,
          descendingFirst: ['createdAt'],
        }}
        onPageChange={setPage}
        emptyTitle={roleFilter ? 'Nobody holds this role' : 'No admins yet'}
        emptyDescription={roleFilter ? 'Choose another role, or all roles.' : 'Add the first account.'}
      />

      <FormDialog
        wide
        open={dialogs.editing !== null}
        onClose={dialogs.closeEditor}
        title={dialogs.editing?.row ? `Edit ${dialogs.editing.row.name}` : 'New admin'}
        description={
          dialogs.editing?.row
            ? 'Change the account, its roles or its password.'
            : 'Create an account, choose its roles, and invite its holder or set a password.'
        }
      >
        {dialogs.editing && (
          <AdminForm key={dialogs.editing.row?.id ?? 'new'} admin={dialogs.editing.row} onSaved={dialogs.closeEditor} />
        )}
      </FormDialog>

      <DeleteAccountDialog
        account={dialogs.deleting}
        noun="admin"
        description={`${dialogs.deleting?.name ?? 'The account'} will lose access and be deleted permanently. This cannot be undone.`}
        anonymiseDescription="Anonymising replaces its name and email (and, for an exhibitor, those of its sub-accounts) with placeholders, deactivates it and ends its sessions. Its purchases, payments and invoices stay as they were issued."
        remove={remove}
        anonymise={anonymise}
        onClose={dialogs.cancelDelete}
      />
    </>
  );
}
