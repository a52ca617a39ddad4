import { zodResolver } from '@hookform/resolvers/zod';
import {
  createAllocationPurchaseBodySchema,
  MAX_PURCHASE_QUANTITY,
  type AllocationPurchase,
  type CreateAllocationPurchaseBody,
  type PurchaseQuote,
} from '@portal/shared/allocation-purchases';
import type { BadgeCategorySummary } from '@portal/shared/badge-categories';
import { formatMoney, formatPrice } from '@portal/shared/money';
import { formatVatRate } from '@portal/shared/vat';
import { useMemo, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { FormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { apiErrorBody, errorMessage } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { useSession } from '@/lib/session';
import { useCategoryOptions } from '../api/get-category-options';
import { useOwnAllocations } from '../api/get-own-allocations';
import { useCreatePurchase } from '../api/create-purchase';
import { usePurchaseQuote } from '../api/quote-purchase';
import { REVERSE_CHARGE_NOTE } from '../lib/purchase-tax';

const formSchema = z
  .object({
    badgeCategoryId: z.string().min(1, 'Choose a category'),
    quantity: z.string().trim().regex(/^\d+$/, 'A whole number of places'),
    vatId: z.string(),
    buyerReference: z.string(),
    billingStreet: z.string(),
    billingPostcode: z.string(),
    billingCity: z.string(),
    comment: z.string(),
  })
  .transform((values): CreateAllocationPurchaseBody => ({
    badgeCategoryId: Number(values.badgeCategoryId),
    quantity: Number(values.quantity),
    vatId: values.vatId.trim() || undefined,
    buyerReference: values.buyerReference.trim() || undefined,
    billingStreet: values.billingStreet.trim() || undefined,
    billingPostcode: values.billingPostcode.trim() || undefined,
    billingCity: values.billingCity.trim() || undefined,
    comment: values.comment.trim() || undefined,
  }))
  .pipe(createAllocationPurchaseBodySchema);

const FIELDS = [
  'badgeCategoryId',
  'quantity',
  'vatId',
  'buyerReference',
  'billingStreet',
  'billingPostcode',
  'billingCity',
  'comment',
] as const;
type QuotedField = (typeof FIELDS)[number];

/** How long the request must stay unchanged before it is priced again. */
const QUOTE_DELAY_MS = 300;

/** The request to price, once it names a category and a valid number of places; the server checks the VAT ID. */
function quoteRequest(categoryText: string, quantityText: string, vatIdText: string): CreateAllocationPurchaseBody | null {
  const quantity = Number(quantityText);
  const validQuantity = /^\d+$/.test(quantityText.trim()) && quantity >= 1 && quantity <= MAX_PURCHASE_QUANTITY;
  if (!categoryText || !validQuantity) return null;
  return { badgeCategoryId: Number(categoryText), quantity, vatId: vatIdText.trim() || undefined };
}

type CreateAllocationPurchaseDialogProps = {
  open: boolean;
  /** Chosen beforehand, as when a badge screen links here for a category whose places ran out. */
  badgeCategoryId: number | null;
  onClose: () => void;
  onCreated?: (purchase: AllocationPurchase) => void;
};

/** CreateAllocationPurchaseDialog: an exhibitor or sub-account asks the organiser for more places. */
export function CreateAllocationPurchaseDialog({
  open,
  badgeCategoryId,
  onClose,
  onCreated,
}: CreateAllocationPurchaseDialogProps) {
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Request more badges"
      description="The organiser reviews the request; once approved you pay online and the places are added."
    >
      {open && (
        <CategoriesGate>
          {(categories) => (
            <PurchaseRequestForm
              categories={categories}
              initialCategoryId={badgeCategoryId}
              onCreated={(purchase) => {
                onCreated?.(purchase);
                onClose();
              }}
            />
          )}
        </CategoriesGate>
      )}
    </FormDialog>
  );
}

/** The form waits for the categories, so that a category chosen beforehand shows as chosen. */
function CategoriesGate({ children }: { children: (categories: readonly BadgeCategorySummary[]) => ReactNode }) {
  const session = useSession();
  const categories = useCategoryOptions(session?.user.eventId ?? null);
  if (categories.isPending)
    return (
      <div aria-hidden className="grid gap-4">
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-40" />
        <Skeleton className="h-20 w-full" />
      </div>
    );
  if (categories.isError)
    return (
      <FormAlert message={errorMessage(categories.error, 'The categories could not be loaded. Please try again.')} />
    );
  const offered = categories.data.filter((category) => category.isActive);
  if (offered.length === 0)
    return <p className="text-sm text-muted-foreground">The organiser offers no badge categories for sale yet.</p>;
  return children(offered);
}

function PurchaseRequestForm({
  categories: offered,
  initialCategoryId,
  onCreated,
}: {
  categories: readonly BadgeCategorySummary[];
  initialCategoryId: number | null;
  onCreated: (purchase: AllocationPurchase) => void;
}) {
  const session = useSession();
  const allocations = useOwnAllocations(session?.user.id ?? null);
  const create = useCreatePurchase();
  const form = useForm<z.input<typeof formSchema>, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      badgeCategoryId: offered.some((category) => category.id === initialCategoryId) ? String(initialCategoryId) : '',
      quantity: '1',
      // The company's VAT number is not part of the session; the requester types it.
      vatId: '',
      buyerReference: '',
      billingStreet: '',
      billingPostcode: '',
      billingCity: '',
      comment: '',
    },
  });
  const { errors } = form.formState;
  const [categoryText, quantityText, vatIdText] = useWatch({
    control: form.control,
    name: ['badgeCategoryId', 'quantity', 'vatId'],
  });
  const category = offered.find((option) => String(option.id) === categoryText);
  const allocation = allocations.data?.find((row) => String(row.badgeCategoryId) === categoryText);
  const request = useMemo(() => quoteRequest(categoryText, quantityText, vatIdText), [categoryText, quantityText, vatIdText]);
  const quoted = useDebouncedValue(request, QUOTE_DELAY_MS);
  const quote = usePurchaseQuote(quoted);
  // Figures for an earlier request are not this one's: the summary waits while the request settles.
  const settling = request !== quoted || quote.isFetching;
  const failed = request !== null && !settling && quote.isError;
  const refusal = failed ? apiErrorBody(quote.error) : null;
  const refusalOf = (field: QuotedField) => refusal?.details?.find((detail) => detail.field === field)?.message;
  const refusedField = FIELDS.some((field) => refusalOf(field));

  const submit = form.handleSubmit(async (body) => {
    try {
      const purchase = await create.mutateAsync(body);
      toast.success('Request sent to the organiser');
      onCreated(purchase);
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormAlert message={errors.root?.server?.message} />
      <FormField
        id="purchase-category"
        label="Category"
        required
        error={errors.badgeCategoryId?.message ?? refusalOf('badgeCategoryId')}
        hint={category ? placesHint(category, allocation) : undefined}
      >
        {(control) => (
          <NativeSelect {...control} {...form.register('badgeCategoryId')}>
            <option value="">Choose a category</option>
            {offered.map((option) => (
              <option key={option.id} value={option.id}>
                {option.displayName ?? option.name} · {pricePerPlace(option.unitPrice, option.currency)}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField
        id="purchase-quantity"
        label="Places"
        required
        error={errors.quantity?.message ?? refusalOf('quantity')}
      >
        {(control) => (
          <Input
            {...control}
            {...form.register('quantity')}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_PURCHASE_QUANTITY}
            step={1}
            className="sm:w-40"
          />
        )}
      </FormField>
      <FormField
        id="purchase-vat-id"
        label="VAT ID"
        error={errors.vatId?.message ?? refusalOf('vatId')}
        hint="With its country code; empty, your company’s VAT number on file is used. A business registered for VAT in another EU country than the organiser’s pays no VAT here (reverse charge)."
      >
        {(control) => (
          <Input
            {...control}
            {...form.register('vatId')}
            autoComplete="off"
            spellCheck={false}
            className="sm:w-60"
          />
        )}
      </FormField>
      <CostSummary
        quote={request === null || failed ? null : (quote.data ?? null)}
        pending={request !== null && settling}
        problem={failed && !refusedField ? (refusal?.message ?? 'The cost could not be worked out just now.') : null}
      />
      <fieldset className="grid gap-4">
        <legend className="mb-1 text-sm font-medium">For your invoice (optional)</legend>
        <FormField
          id="purchase-buyer-reference"
          label="Your reference"
          error={errors.buyerReference?.message}
          hint="Printed on the invoice and carried in its e-invoice: your order number, or the Leitweg-ID of a German public buyer."
        >
          {(control) => <Input {...control} {...form.register('buyerReference')} autoComplete="off" maxLength={200} />}
        </FormField>
        <FormField
          id="purchase-billing-street"
          label="Billing street and number"
          error={errors.billingStreet?.message}
          hint="Empty: your company’s address on file. An XRechnung needs the postcode and city."
        >
          {(control) => <Input {...control} {...form.register('billingStreet')} autoComplete="address-line1" />}
        </FormField>
        <div className="grid items-start gap-4 sm:grid-cols-[10rem_1fr]">
          <FormField id="purchase-billing-postcode" label="Postcode" error={errors.billingPostcode?.message}>
            {(control) => <Input {...control} {...form.register('billingPostcode')} autoComplete="postal-code" />}
          </FormField>
          <FormField id="purchase-billing-city" label="City" error={errors.billingCity?.message}>
            {(control) => <Input {...control} {...form.register('billingCity')} autoComplete="address-level2" />}
          </FormField>
        </div>
      </fieldset>
      <FormField
        id="purchase-comment"
        label="Comment"
        error={errors.comment?.message}
        hint="Optional: anything the organiser should know."
      >
        {(control) => <Textarea {...control} {...form.register('comment')} rows={3} maxLength={2000} />}
      </FormField>
      <p className="text-xs text-muted-foreground">
        The price is confirmed by the organiser on approval; you pay only for the places approved.
      </p>
      <FormActions pending={create.isPending} submitLabel="Send request" />
    </form>
  );
}

/**
 * What the request costs as the server prices it: net, the VAT at its rate (or why there is none)
 * and the total to pay. An event without VAT shows the total alone.
 */
function CostSummary({ quote, pending, problem }: { quote: PurchaseQuote | null; pending: boolean; problem: string | null }) {
  const money = (minorUnits: number) => (quote ? formatMoney(minorUnits, quote.currency) : '—');
  const taxed = quote !== null && quote.category !== 'O';
  const taxNote =
    quote?.category === 'AE' ? REVERSE_CHARGE_NOTE : quote?.exemptionReason;
  return (
    <section
      aria-label="Cost"
      aria-live="polite"
      aria-busy={pending}
      className="grid gap-1.5 rounded-lg border bg-muted/40 px-4 py-3 text-sm"
    >
      <div className={pending ? 'grid gap-1.5 opacity-60 transition-opacity' : 'grid gap-1.5'}>
        {taxed && (
          <>
            <p className="flex items-baseline justify-between gap-4">
              <span className="text-muted-foreground">Net</span>
              <span className="tabular-nums">{money(quote.net)}</span>
            </p>
            <p className="flex items-baseline justify-between gap-4">
              <span className="text-muted-foreground">
                {quote.category === 'S' ? `VAT ${formatVatRate(quote.rate)}` : 'VAT'}
              </span>
              <span className="tabular-nums">{money(quote.tax)}</span>
            </p>
            {quote.category !== 'S' && taxNote && <p className="text-xs text-muted-foreground">{taxNote}</p>}
          </>
        )}
        <p className={taxed ? 'flex items-baseline justify-between gap-4 border-t pt-1.5' : 'flex items-baseline justify-between gap-4'}>
          <span className="text-muted-foreground">Total to pay</span>
          <span className="inline-flex items-center gap-2">
            {pending && <Spinner size="sm" label="Working out the cost" />}
            <span className="text-lg font-semibold tabular-nums" data-testid="live-price">
              {quote ? money(quote.gross) : '—'}
            </span>
          </span>
        </p>
      </div>
      {problem && <p className="text-xs font-medium text-destructive">{problem}</p>}
    </section>
  );
}

function placesHint(
  category: BadgeCategorySummary,
  allocation: { quantity: number; available: number } | undefined,
): string {
  const price = `${pricePerPlace(category.unitPrice, category.currency)}.`;
  if (!allocation) return `${price} You have no places in this category yet.`;
  return `${price} You have ${allocation.quantity} places, ${allocation.available} of them still free.`;
}

/** "$12.00 per place", or "Free" (never "Free per place"). */
function pricePerPlace(unitPrice: number, currency: string): string {
  return unitPrice === 0 ? 'Free' : `${formatPrice(unitPrice, currency)} per place`;
}
