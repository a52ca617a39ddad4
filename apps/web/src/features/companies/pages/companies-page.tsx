import { COMPANY_SORTS, type Company } from '@portal/shared/companies';
import { Building2Icon, ExternalLinkIcon, PlusIcon } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormDialog } from '@/components/form/form-dialog';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { RowActions } from '@/components/list/row-actions';
import { Button } from '@/components/ui/button';
import { useListParams } from '@/hooks/use-list-params';
import { useRowDialogs } from '@/hooks/use-row-dialogs';
import { formatDate } from '@/lib/format';
import { useDeleteCompany } from '../api/delete-company';
import { useCompanies } from '../api/get-companies';
import { CompanyForm } from '../components/company-form';


export function CompaniesPage() {
  const { page, search, setPage, setSearch, sortBy } = useListParams();
  const sorting = sortBy(COMPANY_SORTS, 'name');
  const sort = sorting.value;
  const companies = useCompanies({ page, search, sort });
  const dialogs = useRowDialogs<Company>(useDeleteCompany(), 'company');

  const columns: ListColumn<Company>[] = [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      hideable: false,
      cell: (company) => (
        <>
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
        </>
      ),
    },
    {
      id: 'country',
      header: 'Country',
      className: 'hidden md:table-cell',
      cell: (company) => company.country ?? '—',
    },
    {
      id: 'vatNumber',
      header: 'VAT number',
      className: 'hidden lg:table-cell',
      cell: (company) => company.vatNumber ?? '—',
    },
    {
      id: 'accounts',
      header: 'Accounts',
      className: 'text-right tabular-nums',
      cell: (company) => company.adminCount,
    },
    {
      id: 'createdAt',
      header: 'Created',
      sortKey: 'createdAt',
      className: 'hidden whitespace-nowrap text-muted-foreground md:table-cell',
      cell: (company) => formatDate(company.createdAt),
    },
    {
      id: 'actions',
      header: 'Actions',
      hideable: false,
      headerHidden: true,
      className: 'w-24 text-right',
      cell: (company) => (
        <RowActions
          name={company.name}
          onEdit={() => dialogs.openEdit(company)}
          onDelete={() => dialogs.askDelete(company)}
          deleteBlockedReason={company.adminCount > 0 ? 'Move or delete its accounts first' : undefined}
        />
      ),
    },
  ];

  return (
    <>
      <DataList
        name="companies"
        noun="companies"
        icon={Building2Icon}
        title="Companies"
        description="Organisations that exhibit at your events, and the accounts that belong to them."
        actions={
          <Button onClick={() => dialogs.openCreate()}>
            <PlusIcon aria-hidden />
            New company
          </Button>
        }
        search={{ value: search, onSearch: setSearch, placeholder: 'Search by name' }}
        query={companies}
        columns={columns}
        getRowId={(company) => company.id}
        sort={{
          ...sorting,
          descendingFirst: ['createdAt'],
        }}
        onPageChange={setPage}
        emptyTitle="No companies yet"
        emptyDescription="Add the first exhibiting company."
      />

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
