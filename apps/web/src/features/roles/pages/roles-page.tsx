import type { Role } from '@portal/shared/roles';
import { PlusIcon, ShieldCheckIcon } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormDialog } from '@/components/form/form-dialog';
import { PageHeader } from '@/components/layout/page-header';
import { ListPanel } from '@/components/list/list-panel';
import { RowActions } from '@/components/list/row-actions';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useListParams } from '@/hooks/use-list-params';
import { useRowDialogs } from '@/hooks/use-row-dialogs';
import { useDeleteRole } from '../api/delete-role';
import { useRoles } from '../api/get-roles';
import { RoleForm } from '../components/role-form';

function deleteBlockedReason(role: Role): string | undefined {
  if (role.isSystem) return 'Built-in roles cannot be deleted';
  if (role.adminCount > 0) return 'Remove this role from its admins first';
  return undefined;
}

export function RolesPage() {
  const { page, search, setPage, setSearch } = useListParams();
  const roles = useRoles({ page, search });
  const dialogs = useRowDialogs<Role>(useDeleteRole(), 'role');

  return (
    <>
      <PageHeader
        title="Roles"
        description="Named sets of permissions. Every admin holds one or more roles."
        actions={
          <Button onClick={() => dialogs.openCreate()}>
            <PlusIcon aria-hidden />
            New role
          </Button>
        }
      />
      <ListPanel
        noun="roles"
        icon={ShieldCheckIcon}
        search={search}
        onSearch={setSearch}
        searchPlaceholder="Search by name"
        query={roles}
        onPageChange={setPage}
        emptyTitle="No roles yet"
        emptyDescription="Create a role to grant permissions."
        columns={4}
      >
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Role</TableHead>
              <TableHead className="hidden md:table-cell">Description</TableHead>
              <TableHead className="hidden text-right sm:table-cell">Permissions</TableHead>
              <TableHead className="text-right">Admins</TableHead>
              <TableHead className="w-24 text-right">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {roles.data?.data.map((role) => (
              <TableRow key={role.id}>
                <TableCell>
                  <div className="flex flex-wrap items-center gap-2 font-medium">
                    {role.name}
                    {role.isSystem && <Badge variant="secondary">Built-in</Badge>}
                  </div>
                </TableCell>
                <TableCell className="hidden max-w-md text-muted-foreground md:table-cell">
                  <span className="line-clamp-2">{role.description ?? '—'}</span>
                </TableCell>
                <TableCell className="hidden text-right tabular-nums sm:table-cell">
                  {role.permissions.length}
                </TableCell>
                <TableCell className="text-right tabular-nums">{role.adminCount}</TableCell>
                <TableCell>
                  <RowActions
                    name={role.name}
                    onEdit={() => dialogs.openEdit(role)}
                    onDelete={() => dialogs.askDelete(role)}
                    deleteBlockedReason={deleteBlockedReason(role)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ListPanel>

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
