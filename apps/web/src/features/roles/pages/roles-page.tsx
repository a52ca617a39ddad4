import { ROLE_SORTS, type Role } from '@portal/shared/roles';
import { PlusIcon, ShieldCheckIcon } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormDialog } from '@/components/form/form-dialog';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { RowActions } from '@/components/list/row-actions';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useListParams } from '@/hooks/use-list-params';
import { useRowDialogs } from '@/hooks/use-row-dialogs';
import { formatDate } from '@/lib/format';
import { useDeleteRole } from '../api/delete-role';
import { useRoles } from '../api/get-roles';
import { RoleForm } from '../components/role-form';


function deleteBlockedReason(role: Role): string | undefined {
  if (role.isSystem) return 'Built-in roles cannot be deleted';
  if (role.adminCount > 0) return 'Remove this role from its admins first';
  return undefined;
}

export function RolesPage() {
  const { page, search, setPage, setSearch, sortBy } = useListParams();
  const sorting = sortBy(ROLE_SORTS, 'name');
  const sort = sorting.value;
  const roles = useRoles({ page, search, sort });
  const dialogs = useRowDialogs<Role>(useDeleteRole(), 'role');

  const columns: ListColumn<Role>[] = [
    {
      id: 'name',
      header: 'Role',
      sortKey: 'name',
      hideable: false,
      cell: (role) => (
        <div className="flex flex-wrap items-center gap-2 font-medium">
          {role.name}
          {role.isSystem && <Badge variant="secondary">Built-in</Badge>}
        </div>
      ),
    },
    {
      id: 'description',
      header: 'Description',
      className: 'hidden max-w-md text-muted-foreground md:table-cell',
      cell: (role) => <span className="line-clamp-2">{role.description ?? '—'}</span>,
    },
    {
      id: 'permissions',
      header: 'Permissions',
      className: 'hidden text-right tabular-nums sm:table-cell',
      cell: (role) => role.permissions.length,
    },
    {
      id: 'admins',
      header: 'Admins',
      className: 'text-right tabular-nums',
      cell: (role) => role.adminCount,
    },
    {
      id: 'createdAt',
      header: 'Created',
      sortKey: 'createdAt',
      hiddenByDefault: true,
      className: 'hidden whitespace-nowrap text-muted-foreground md:table-cell',
      cell: (role) => formatDate(role.createdAt),
    },
    {
      id: 'actions',
      header: 'Actions',
      hideable: false,
      headerHidden: true,
      className: 'w-24 text-right',
      cell: (role) => (
        <RowActions
          name={role.name}
          onEdit={() => dialogs.openEdit(role)}
          onDelete={() => dialogs.askDelete(role)}
          deleteBlockedReason={deleteBlockedReason(role)}
        />
      ),
    },
  ];

  return (
    <>
      <DataList
        name="roles"
        noun="roles"
        icon={ShieldCheckIcon}
        title="Roles"
        description="Named sets of permissions. Every admin holds one or more roles."
        actions={
          <Button onClick={() => dialogs.openCreate()}>
            <PlusIcon aria-hidden />
            New role
          </Button>
        }
        search={{ value: search, onSearch: setSearch, placeholder: 'Search by name' }}
        query={roles}
        columns={columns}
        getRowId={(role) => role.id}
        sort={{
          ...sorting,
          descendingFirst: ['createdAt'],
        }}
        onPageChange={setPage}
        emptyTitle="No roles yet"
        emptyDescription="Create a role to grant permissions."
      />

      <FormDialog
        wide
        open={dialogs.editing !== null}
        onClose={dialogs.closeEditor}
        title={dialogs.editing?.row ? `Edit ${dialogs.editing.row.name}` : 'New role'}
        description={
          dialogs.editing?.row ? 'Change what this role allows.' : 'Name the role and choose what it allows.'
        }
      >
        {dialogs.editing && (
          <RoleForm key={dialogs.editing.row?.id ?? 'new'} role={dialogs.editing.row} onSaved={dialogs.closeEditor} />
        )}
      </FormDialog>

      <ConfirmDialog
        open={dialogs.deleting !== null}
        onOpenChange={(open) => !open && dialogs.cancelDelete()}
        title="Delete this role?"
        description={`${dialogs.deleting?.name ?? 'The role'} will be deleted permanently. This cannot be undone.`}
        confirmLabel="Delete role"
        pending={dialogs.deletePending}
        onConfirm={dialogs.confirmDelete}
      />
    </>
  );
}
