import type { Company } from '@portal/shared/companies';
import { Building2Icon, ExternalLinkIcon, PlusIcon } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormDialog } from '@/components/form/form-dialog';
import { PageHeader } from '@/components/layout/page-header';
import { ListPanel } from '@/components/list/list-panel';
import { RowActions } from '@/components/list/row-actions';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useListParams } from '@/hooks/use-list-params';
import { useRowDialogs } from '@/hooks/use-row-dialogs';
import { formatDate } from '@/lib/format';
import { useDeleteCompany } from '../api/delete-company';
import { useCompanies } from '../api/get-companies';
import { CompanyForm } from '../components/company-form';

export function CompaniesPage() {
  const { page, search, setPage, setSearch } = useListParams();
  const companies = useCompanies({ page, search });
  const dialogs = useRowDialogs<Company>(useDeleteCompany(), 'company');

  return (
    <>
      <PageHeader
        title="Companies"
        description="Organisations that exhibit at your events, and the accounts that belong to them."
        actions={
          <Button onClick={() => dialogs.openCreate()}>
            <PlusIcon aria-hidden />
            New company
          </Button>
        }
      />
      <ListPanel
        noun="companies"
        icon={Building2Icon}
        search={search}
        onSearch={setSearch}
        searchPlaceholder="Search by name"
        query={companies}
        onPageChange={setPage}
        emptyTitle="No companies yet"
        emptyDescription="Add the first exhibiting company."
        columns={5}
      >
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead className="hidden md:table-cell">Country</TableHead>
              <TableHead className="hidden lg:table-cell">VAT number</TableHead>
              <TableHead className="text-right">Accounts</TableHead>
              <TableHead className="hidden md:table-cell">Created</TableHead>
              <TableHead className="w-24 text-right">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {companies.data?.data.map((company) => (
              <TableRow key={company.id}>
                <TableCell>
                  <div className="font-medium">{company.name}</div>
                  {company.website && (
                    <a
                      href={company.website}
                      target="_blank"
                      rel="noreferrer noopener"
                      className="inline-flex items-center gap-1 text-xs text-muted-foreground hover:text-primary hover:underline"
                    >
                      {company.website.replace(/^https?:\/\//, '')}
                      <ExternalLinkIcon aria-hidden className="size-3" />
                    </a>
                  )}
                </TableCell>
                <TableCell className="hidden md:table-cell">{company.country ?? '—'}</TableCell>
                <TableCell className="hidden lg:table-cell">{company.vatNumber ?? '—'}</TableCell>
                <TableCell className="text-right tabular-nums">{company.adminCount}</TableCell>
                <TableCell className="hidden text-muted-foreground md:table-cell">
                  {formatDate(company.createdAt)}
                </TableCell>
                <TableCell>
                  <RowActions
                    name={company.name}
                    onEdit={() => dialogs.openEdit(company)}
                    onDelete={() => dialogs.askDelete(company)}
                    deleteBlockedReason={company.adminCount > 0 ? 'Move or delete its accounts first' : undefined}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ListPanel>

      <FormDialog
        open={dialogs.editing !== null}
        onClose={dialogs.closeEditor}
        title={dialogs.editing?.row ? 'Edit company' : 'New company'}
        description={
          dialogs.editing?.row
            ? `Change the details of ${dialogs.editing.row.name}.`
            : 'Add an organisation that exhibits.'
        }
      >
        {dialogs.editing && (
          <CompanyForm
            key={dialogs.editing.row?.id ?? 'new'}
            company={dialogs.editing.row}
            onSaved={dialogs.closeEditor}
          />
        )}
      </FormDialog>

      <ConfirmDialog
        open={dialogs.deleting !== null}
        onOpenChange={(open) => !open && dialogs.cancelDelete()}
        title="Delete this company?"
        description={`${dialogs.deleting?.name ?? 'The company'} will be deleted permanently. This cannot be undone.`}
        confirmLabel="Delete company"
        pending={dialogs.deletePending}
        onConfirm={dialogs.confirmDelete}
      />
    </>
  );
}
