import { zodResolver } from '@hookform/resolvers/zod';
import { companyBodySchema, type Company } from '@portal/shared/companies';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { applyServerErrors } from '@/lib/form-errors';
import { useCreateCompany } from '../api/create-company';
import { useUpdateCompany } from '../api/update-company';

const FIELDS = ['name', 'country', 'website', 'vatNumber', 'address'] as const;

/** Creates a company, or edits the one given. */
export function CompanyForm({ company, onSaved }: { company: Company | null; onSaved: () => void }) {
  const form = useForm({
    resolver: zodResolver(companyBodySchema),
    defaultValues: {
      name: company?.name ?? '',
      country: company?.country ?? '',
      website: company?.website ?? '',
      vatNumber: company?.vatNumber ?? '',
      address: company?.address ?? '',
    },
  });
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const pending = create.isPending || update.isPending;
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      if (company) await update.mutateAsync({ id: company.id, body });
      else await create.mutateAsync(body);
      toast.success(company ? 'Company updated' : 'Company created');
      onSaved();
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormAlert message={errors.root?.server?.message} />
      <FormField id="company-name" label="Name" required error={errors.name?.message}>
        {(control) => <Input {...control} {...form.register('name')} autoComplete="organization" />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="company-country" label="Country" error={errors.country?.message}>
          {(control) => <Input {...control} {...form.register('country')} autoComplete="country-name" />}
        </FormField>
        <FormField id="company-vat" label="VAT number" error={errors.vatNumber?.message}>
          {(control) => <Input {...control} {...form.register('vatNumber')} />}
        </FormField>
      </div>
      <FormField id="company-website" label="Website" hint="https:// is added when left out" error={errors.website?.message}>
        {(control) => <Input {...control} {...form.register('website')} type="url" placeholder="example.com" />}
      </FormField>
      <FormField id="company-address" label="Address" error={errors.address?.message}>
        {(control) => <Textarea {...control} {...form.register('address')} rows={3} autoComplete="street-address" />}
      </FormField>
      <FormActions pending={pending} submitLabel={company ? 'Save changes' : 'Create company'} />
    </form>
  );
}
