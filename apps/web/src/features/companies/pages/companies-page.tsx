import type { Company } from '@portal/shared/companies';
import { Building2Icon, ExternalLinkIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormDialog } from '@/components/form/form-dialog';
import { PageHeader } from '@/components/layout/page-header';
import { ListPanel } from '@/components/list/list-panel';
import { RowActions } from '@/components/list/row-actions';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useListParams } from '@/hooks/use-list-params';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useDeleteCompany } from '../api/delete-company';
import { useCompanies } from '../api/get-companies';
import { CompanyForm } from '../components/company-form';

export function CompaniesPage() {
  const { page, search, setPage, setSearch } = useListParams();
  const companies = useCompanies({ page, search });
  const [editing, setEditing] = useState<{ company: Company | null } | null>(null);
  const [deleting, setDeleting] = useState<Company | null>(null);
  const remove = useDeleteCompany();

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(`${deleting.name} deleted`),
      onError: (error) => toast.error(errorMessage(error, 'The company could not be deleted')),
      onSettled: () => setDeleting(null),
    });
  }

  return (
    <>
      <PageHeader
        title="Companies"
        description="Organisations that exhibit at your events, and the accounts that belong to them."
        actions={
          <Button onClick={() => setEditing({ company: null })}>
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
                <TableCell className="hidden text-muted-foreground md:table-cell">{formatDate(company.createdAt)}</TableCell>
                <TableCell>
                  <RowActions
                    name={company.name}
                    onEdit={() => setEditing({ company })}
                    onDelete={() => setDeleting(company)}
                    deleteBlockedReason={company.adminCount > 0 ? 'Move or delete its accounts first' : undefined}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ListPanel>

      <FormDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.company ? 'Edit company' : 'New company'}
        description={editing?.company ? `Change the details of ${editing.company.name}.` : 'Add an organisation that exhibits.'}
      >
        {editing && <CompanyForm key={editing.company?.id ?? 'new'} company={editing.company} onSaved={() => setEditing(null)} />}
      </FormDialog>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this company?"
        description={`${deleting?.name ?? 'The company'} will be deleted permanently. This cannot be undone.`}
        confirmLabel="Delete company"
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
