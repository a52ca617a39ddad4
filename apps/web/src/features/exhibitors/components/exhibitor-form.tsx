import { zodResolver } from '@hookform/resolvers/zod';
import type { UpdateAdminBody } from '@portal/shared/admins';
import { createExhibitorBodySchema, type CreateExhibitorBody, type Exhibitor } from '@portal/shared/exhibitors';
import { PASSWORD_MIN_LENGTH, passwordSchema } from '@portal/shared/passwords';
import { whenParsed } from '@portal/shared/common';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { ChoiceGroup } from '@/components/form/choice-group';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { PageFormActions } from '@/components/form/page-form-actions';
import { Checkbox } from '@/components/ui/checkbox';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { applyServerErrors } from '@/lib/form-errors';
import { useSession } from '@/lib/session';
import { useCreateExhibitor } from '../api/create-exhibitor';
import { useCompanyOptions } from '../api/get-company-options';
import { useEventOptions } from '../api/get-event-options';
import { useUpdateExhibitor } from '../api/update-exhibitor';
import { EventOptions } from '@/components/event-options';

const { firstName, lastName, email, booth, hall, phone, website, profile } = createExhibitorBodySchema.shape;

/** On create the company, the event and the way in are required too; every rule reports on the first submit. */
const formSchema = (creating: boolean) =>
  z
    .object({
      eventId: z.string(),
      companyMode: z.enum(['new', 'existing']),
      companyName: z.string(),
      companyId: z.string(),
      firstName,
      lastName,
      email,
      /** On create: set a password now, or invite the contact to choose one. On edit: reset or keep. */
      access: z.enum(['invite', 'password']),
      password: z.string(),
      isActive: z.boolean(),
      booth,
      hall,
      phone,
      website,
      profile,
    })
    .superRefine(
      (values, ctx) => {
        const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
        if (creating) {
          if (values.eventId === '') fail('eventId', 'Choose an event');
          if (values.companyMode === 'new' && values.companyName.trim() === '') fail('companyName', 'Required');
          if (values.companyMode === 'existing' && values.companyId === '') fail('companyId', 'Choose a company');
          if (values.access === 'password' && values.password === '') fail('password', 'Required');
        }
        if (values.access === 'password' && values.password !== '') {
          const result = passwordSchema.safeParse(values.password);
          if (!result.success) fail('password', result.error.issues[0]?.message ?? '');
        }
      },
      whenParsed('eventId', 'companyMode', 'companyName', 'companyId', 'access', 'password'),
    );

type FormInput = z.input<ReturnType<typeof formSchema>>;
type FormOutput = z.output<ReturnType<typeof formSchema>>;

const FIELDS = [
  'eventId',
  'companyName',
  'companyId',
  'firstName',
  'lastName',
  'email',
  'password',
  'isActive',
  'booth',
  'hall',
  'phone',
  'website',
  'profile',
] as const;

type ExhibitorFormProps = {
  /** The exhibitor to edit; none to create one. */
  exhibitor: Exhibitor | null;
  /** Preselects the event of a new exhibitor, as when coming from an event's page. */
  eventId?: number;
  onSaved: (saved: { id: number; eventId: number }) => void;
  cancelTo?: string;
  onCancel?: () => void;
};

/** Creates an exhibitor (its company, its contact's sign-in and its profile), or edits the one given. */
export function ExhibitorForm({ exhibitor, eventId, onSaved, cancelTo, onCancel }: ExhibitorFormProps) {
  const session = useSession();
  // An event admin places exhibitors in its own event; the server enforces it.
  const fixedEventId = session?.user.eventId ?? null;
  const choosesEvent = !exhibitor && fixedEventId == null;
  const events = useEventOptions({ enabled: choosesEvent });
  const companies = useCompanyOptions();
  const create = useCreateExhibitor();
  const update = useUpdateExhibitor();

  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema(!exhibitor)),
    defaultValues: {
      eventId: String(exhibitor?.eventId ?? fixedEventId ?? eventId ?? ''),
      companyMode: 'new',
      companyName: '',
      companyId: '',
      firstName: exhibitor?.firstName ?? '',
      lastName: exhibitor?.lastName ?? '',
      email: exhibitor?.email ?? '',
      access: exhibitor ? 'password' : 'invite',
      password: '',
      isActive: exhibitor?.isActive ?? true,
      booth: exhibitor?.booth ?? '',
      hall: exhibitor?.hall ?? '',
      phone: exhibitor?.phone ?? '',
      website: exhibitor?.website ?? '',
      profile: exhibitor?.profile ?? '',
    },
  });
  const { errors } = form.formState;
  const [companyMode, access] = useWatch({ control: form.control, name: ['companyMode', 'access'] });

  const submit = form.handleSubmit(async (values) => {
    const profileFields = {
      booth: values.booth,
      hall: values.hall,
      phone: values.phone,
      website: values.website,
      profile: values.profile,
    };
    try {
      if (exhibitor) {
        const body: UpdateAdminBody = {
          firstName: values.firstName,
          lastName: values.lastName,
          email: values.email,
          isActive: values.isActive,
          ...(values.password ? { password: values.password } : {}),
          ...profileFields,
        };
        await update.mutateAsync({ id: exhibitor.id, body });
        toast.success('Exhibitor updated');
        onSaved(exhibitor);
        return;
      }
      const body: CreateExhibitorBody = {
        eventId: Number(values.eventId),
        ...(values.companyMode === 'new'
          ? { companyName: values.companyName.trim() }
          : { companyId: Number(values.companyId) }),
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        ...(values.access === 'password' ? { password: values.password } : {}),
        ...profileFields,
      };
      const created = await create.mutateAsync(body);
      toast.success(
        values.access === 'invite'
          ? `Exhibitor created; an invitation is on its way to ${created.email}`
          : 'Exhibitor created',
      );
      onSaved(created);
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-6">
      <FormAlert message={errors.root?.server?.message} />

      {!exhibitor && (
        <section className="grid gap-4" aria-labelledby="exhibitor-company">
          <h2 id="exhibitor-company" className="text-sm font-semibold">
            Company
          </h2>
          {choosesEvent && (
            <FormField id="exhibitor-event" label="Event" required error={errors.eventId?.message}>
              {(control) =>
                // A native select keeps its value only once its option exists: mount it with the options.
                events.isPending ? (
                  <NativeSelect {...control} disabled>
                    <option>Loading events…</option>
                  </NativeSelect>
                ) : (
                  <NativeSelect {...control} {...form.register('eventId')}>
                    <EventOptions events={events.data} empty="Choose an event" />
                  </NativeSelect>
                )
              }
            </FormField>
          )}
          <ChoiceGroup
            legend="Which company exhibits?"
            name="exhibitor-company-mode"
            register={form.register('companyMode')}
            choices={[
              { value: 'new', label: 'A new company', description: 'Added to the companies as it registers.' },
              {
                value: 'existing',
                label: 'A company already in the portal',
                description: 'For a company that exhibited before.',
              },
            ]}
          />
          {companyMode === 'new' ? (
            <FormField id="exhibitor-company-name" label="Company name" required error={errors.companyName?.message}>
              {(control) => <Input {...control} {...form.register('companyName')} autoComplete="organization" />}
            </FormField>
          ) : (
            <FormField id="exhibitor-company-id" label="Company" required error={errors.companyId?.message}>
              {(control) => (
                <NativeSelect {...control} {...form.register('companyId')} disabled={companies.isPending}>
                  <option value="">{companies.isPending ? 'Loading companies…' : 'Choose a company'}</option>
                  {(companies.data ?? []).map((company) => (
                    <option key={company.id} value={company.id}>
                      {company.name}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          )}
        </section>
      )}

      <section className="grid gap-4" aria-labelledby="exhibitor-contact">
        <h2 id="exhibitor-contact" className="text-sm font-semibold">
          Contact and sign-in
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="exhibitor-first-name" label="First name" required error={errors.firstName?.message}>
            {(control) => <Input {...control} {...form.register('firstName')} autoComplete="off" />}
          </FormField>
          <FormField id="exhibitor-last-name" label="Last name" required error={errors.lastName?.message}>
            {(control) => <Input {...control} {...form.register('lastName')} autoComplete="off" />}
          </FormField>
        </div>
        <FormField
          id="exhibitor-email"
          label="Email"
          required
          hint="The exhibitor signs in with this address."
          error={errors.email?.message}
        >
          {(control) => <Input {...control} {...form.register('email')} type="email" autoComplete="off" />}
        </FormField>
        {!exhibitor && (
          <ChoiceGroup
            legend="Password"
            name="exhibitor-access"
            register={form.register('access')}
            choices={[
              {
                value: 'invite',
                label: 'Send an invitation instead',
                description: 'The contact gets an email with a link to choose a password, valid for 7 days.',
              },
              { value: 'password', label: 'Set a password now', description: 'Pass it on to the contact yourself.' },
            ]}
          />
        )}
        {(exhibitor || access === 'password') && (
          <FormField
            id="exhibitor-password"
            label={exhibitor ? 'New password' : 'Password'}
            required={!exhibitor}
            hint={
              exhibitor
                ? 'Leave empty to keep the current password. A new one signs the exhibitor out everywhere.'
                : `At least ${PASSWORD_MIN_LENGTH} characters, with a digit or symbol.`
            }
            error={errors.password?.message}
          >
            {(control) => (
              <Input {...control} {...form.register('password')} type="password" autoComplete="new-password" />
            )}
          </FormField>
        )}
        {exhibitor && (
          <Controller
            control={form.control}
            name="isActive"
            render={({ field }) => (
              <div className="flex items-start gap-2 rounded-lg border p-3">
                <Checkbox
                  id="exhibitor-active"
                  className="mt-0.5"
                  checked={field.value}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                />
                <Label htmlFor="exhibitor-active" className="grid gap-0.5 leading-snug font-normal">
                  <span className="font-medium">Active</span>
                  <span className="text-xs text-muted-foreground">
                    An inactive exhibitor and its sub-accounts cannot sign in.
                  </span>
                </Label>
              </div>
            )}
          />
        )}
      </section>

      <section className="grid gap-4" aria-labelledby="exhibitor-stand">
        <h2 id="exhibitor-stand" className="text-sm font-semibold">
          Stand and profile
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="exhibitor-booth" label="Booth" error={errors.booth?.message}>
            {(control) => <Input {...control} {...form.register('booth')} autoComplete="off" placeholder="B-214" />}
          </FormField>
          <FormField id="exhibitor-hall" label="Hall" error={errors.hall?.message}>
            {(control) => <Input {...control} {...form.register('hall')} autoComplete="off" placeholder="Hall B" />}
          </FormField>
          <FormField id="exhibitor-phone" label="Phone" error={errors.phone?.message}>
            {(control) => <Input {...control} {...form.register('phone')} type="tel" autoComplete="off" />}
          </FormField>
          <FormField id="exhibitor-website" label="Website" error={errors.website?.message}>
            {(control) => (
              <Input {...control} {...form.register('website')} type="url" autoComplete="off" placeholder="example.com" />
            )}
          </FormField>
        </div>
        <FormField
          id="exhibitor-profile"
          label="Profile"
          hint="What the company shows at the event."
          error={errors.profile?.message}
        >
          {(control) => <Textarea {...control} {...form.register('profile')} rows={4} />}
        </FormField>
      </section>

      <PageFormActions
        pending={create.isPending || update.isPending}
        submitLabel={exhibitor ? 'Save changes' : 'Create exhibitor'}
        cancelTo={cancelTo}
        onCancel={onCancel}
      />
    </form>
  );
}
