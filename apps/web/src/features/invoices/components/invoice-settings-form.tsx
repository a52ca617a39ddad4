import { zodResolver } from '@hookform/resolvers/zod';
import {
  updateInvoiceSettingsBodySchema,
  type InvoiceSettings,
  type UpdateInvoiceSettingsBody,
} from '@portal/shared/invoicing';
import { DEFAULT_EXEMPTION_WORDING } from '@portal/shared/vat';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { ChoiceGroup } from '@/components/form/choice-group';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { PageFormActions } from '@/components/form/page-form-actions';
import { Input, Textarea } from '@/components/ui/input';
import { applyServerErrors } from '@/lib/form-errors';
import { rateFromText, rateToText } from '@/lib/vat-rate-text';
import { useUpdateInvoiceSettings } from '../api/invoice-settings';

const ISSUER_FIELDS = [
  'name',
  'street',
  'postcode',
  'city',
  'address',
  'country',
  'vatId',
  'registrationNumber',
  'iban',
  'bic',
  'contactName',
  'email',
  'phone',
] as const;
type IssuerField = (typeof ISSUER_FIELDS)[number];

/** The form holds strings; the API's own schema checks and normalises them (VAT ID, IBAN, BIC, prefixes). */
const formSchema = z
  .object({
    issuer: z.object(
      Object.fromEntries(ISSUER_FIELDS.map((field) => [field, z.string()])) as Record<IssuerField, z.ZodString>,
    ),
    footer: z.string(),
    defaultVatRate: z.string(),
    prices: z.enum(['net', 'gross']),
    vatExemptionText: z.string(),
    paymentTermsDays: z.string(),
    invoicePrefix: z.string(),
    creditNotePrefix: z.string(),
  })
  .transform(({ paymentTermsDays, defaultVatRate, prices, ...rest }): UpdateInvoiceSettingsBody => ({
    ...rest,
    defaultVatRate: rateFromText(defaultVatRate),
    pricesIncludeTax: prices === 'gross',
    paymentTermsDays: /^\d+$/.test(paymentTermsDays.trim()) ? Number(paymentTermsDays) : Number.NaN,
  }))
  .pipe(updateInvoiceSettingsBodySchema);

type FormValues = z.input<typeof formSchema>;

const SERVER_FIELDS = [
  ...ISSUER_FIELDS.map((field) => `issuer.${field}` as const),
  'footer',
  'defaultVatRate',
  ['pricesIncludeTax', 'prices'],
  'vatExemptionText',
  'paymentTermsDays',
  'invoicePrefix',
  'creditNotePrefix',
] as const;

function defaults(settings: InvoiceSettings): FormValues {
  return {
    issuer: Object.fromEntries(ISSUER_FIELDS.map((field) => [field, settings.issuer[field] ?? ''])) as Record<
      IssuerField,
      string
    >,
    footer: settings.footer ?? '',
    defaultVatRate: rateToText(settings.defaultVatRate),
    prices: settings.pricesIncludeTax ? 'gross' : 'net',
    vatExemptionText: settings.vatExemptionText ?? '',
    paymentTermsDays: String(settings.paymentTermsDays),
    invoicePrefix: settings.invoicePrefix,
    creditNotePrefix: settings.creditNotePrefix,
  };
}

const ISSUER_LABELS: Record<IssuerField, { label: string; hint?: string; autoComplete?: string; wide?: boolean }> = {
  name: {
    label: 'Legal name',
    hint: 'The organiser’s registered name, as on its tax documents.',
    autoComplete: 'organization',
    wide: true,
  },
  street: { label: 'Street and number', autoComplete: 'address-line1', wide: true },
  postcode: { label: 'Postcode', autoComplete: 'postal-code' },
  city: { label: 'City', autoComplete: 'address-level2' },
  address: {
    label: 'Address as one line (saved before)',
    hint: 'Printed while street, postcode and city are empty. Enter it in those fields and clear this one.',
    wide: true,
  },
  country: { label: 'Country code', hint: 'Two letters, such as DE or LV.', autoComplete: 'country' },
  vatId: { label: 'VAT ID', hint: 'With its country code, such as DE136695976.' },
  registrationNumber: { label: 'Company registration number' },
  iban: { label: 'IBAN', hint: 'Printed for bank transfers.' },
  bic: { label: 'BIC' },
  contactName: { label: 'Billing contact name', hint: 'A person or a department.', autoComplete: 'name' },
  email: { label: 'Billing contact email', autoComplete: 'email' },
  phone: { label: 'Billing contact phone', autoComplete: 'tel' },
};

/** Who issues the event's invoices and on what terms; saved values apply to invoices issued from then on. */
export function InvoiceSettingsForm({
  settings,
  cancelTo,
  onSaved,
}: {
  settings: InvoiceSettings;
  cancelTo: string;
  onSaved: () => void;
}) {
  const update = useUpdateInvoiceSettings();
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: defaults(settings),
  });
  const { errors } = form.formState;
  const rate = rateFromText(useWatch({ control: form.control, name: 'defaultVatRate' }));

  const submit = form.handleSubmit(async (body) => {
    try {
      await update.mutateAsync({ eventId: settings.eventId, body });
      toast.success('Invoicing settings saved');
      onSaved();
    } catch (error) {
      applyServerErrors(error, form.setError, SERVER_FIELDS);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-6">
      <FormAlert message={errors.root?.server?.message} />
      <section className="grid gap-4" aria-labelledby="invoicing-issuer">
        <div>
          <h2 id="invoicing-issuer" className="text-sm font-semibold">
            Issuer
          </h2>
          <p className="text-sm text-muted-foreground">
            Printed on every invoice and credit note of the event, and kept with each as it was when issued. An
            XRechnung (for German public buyers) also needs the postcode, the city, the IBAN and the billing
            contact’s name, phone and email.
          </p>
        </div>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          {/* The one-line address of older settings is shown only while it holds something. */}
          {ISSUER_FIELDS.filter((field) => field !== 'address' || settings.issuer.address).map((field) => {
            const { label, hint, autoComplete, wide } = ISSUER_LABELS[field];
            return (
              <div key={field} className={wide ? 'sm:col-span-2' : undefined}>
                <FormField
                  id={`issuer-${field}`}
                  label={label}
                  hint={hint}
                  // The country decides when the reverse charge applies.
                  required={field === 'country' && rate !== null}
                  error={errors.issuer?.[field]?.message}
                >
                  {(control) =>
                    field === 'address' ? (
                      <Textarea
                        {...control}
                        {...form.register(`issuer.${field}`)}
                        rows={2}
                        autoComplete={autoComplete}
                      />
                    ) : (
                      <Input {...control} {...form.register(`issuer.${field}`)} autoComplete={autoComplete ?? 'off'} />
                    )
                  }
                </FormField>
              </div>
            );
          })}
        </div>
      </section>

      <section className="grid gap-4" aria-labelledby="invoicing-vat">
        <div>
          <h2 id="invoicing-vat" className="text-sm font-semibold">
            VAT
          </h2>
          <p className="text-sm text-muted-foreground">
            Fixed with each request as it is made. A badge or add-on category may have a rate of its own.
          </p>
        </div>
        <FormField
          id="invoicing-vat-rate"
          label="Default VAT rate (%)"
          hint={
            rate === null
              ? 'Empty: this event charges no VAT.'
              : 'For every category without a rate of its own. The issuer’s country code is needed with it.'
          }
          error={errors.defaultVatRate?.message}
          className="sm:max-w-60"
        >
          {(control) => (
            <Input
              {...control}
              {...form.register('defaultVatRate')}
              inputMode="decimal"
              autoComplete="off"
              placeholder="No VAT"
            />
          )}
        </FormField>
        <ChoiceGroup
          legend="Category prices"
          name="invoicing-prices"
          register={form.register('prices')}
          choices={[
            { value: 'gross', label: 'Prices include VAT', description: 'A price of 119 at 19 % is 100 plus 19 VAT.' },
            { value: 'net', label: 'VAT is added to prices', description: 'A price of 100 at 19 % costs 119 with VAT.' },
          ]}
        />
        {errors.prices?.message && <p className="text-xs font-medium text-destructive">{errors.prices.message}</p>}
        <FormField
          id="invoicing-exemption-text"
          label="VAT exemption text"
          hint={
            rate === 0
              ? `In use: printed on every invoice at 0 %. Empty: “${DEFAULT_EXEMPTION_WORDING}”.`
              : `Printed on invoices of categories at 0 %, such as the law that exempts them. Empty: “${DEFAULT_EXEMPTION_WORDING}”.`
          }
          error={errors.vatExemptionText?.message}
        >
          {(control) => <Textarea {...control} {...form.register('vatExemptionText')} rows={2} />}
        </FormField>
      </section>

      <section className="grid gap-4" aria-labelledby="invoicing-terms">
        <h2 id="invoicing-terms" className="text-sm font-semibold">
          Terms and numbering
        </h2>
        <div className="grid items-start gap-4 sm:grid-cols-3">
          <FormField
            id="invoicing-terms-days"
            label="Payment terms (days)"
            required
            hint="The due date is the issue date plus these days."
            error={errors.paymentTermsDays?.message}
          >
            {(control) => <Input {...control} {...form.register('paymentTermsDays')} inputMode="numeric" />}
          </FormField>
          <FormField
            id="invoicing-invoice-prefix"
            label="Invoice prefix"
            required
            hint="INV gives INV-2026-000042."
            error={errors.invoicePrefix?.message}
          >
            {(control) => <Input {...control} {...form.register('invoicePrefix')} autoComplete="off" />}
          </FormField>
          <FormField
            id="invoicing-credit-note-prefix"
            label="Credit note prefix"
            required
            error={errors.creditNotePrefix?.message}
          >
            {(control) => <Input {...control} {...form.register('creditNotePrefix')} autoComplete="off" />}
          </FormField>
        </div>
        <p className="text-sm text-muted-foreground">
          Events with the same prefix share one series of numbers: no number is ever given twice in the portal.
        </p>
        <FormField
          id="invoicing-footer"
          label="Invoice footer"
          hint="Printed at the foot of every invoice."
          error={errors.footer?.message}
        >
          {(control) => <Textarea {...control} {...form.register('footer')} rows={2} />}
        </FormField>
      </section>

      <PageFormActions pending={update.isPending} submitLabel="Save invoicing" cancelTo={cancelTo} />
    </form>
  );
}
