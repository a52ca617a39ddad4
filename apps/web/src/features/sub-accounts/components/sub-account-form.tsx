import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH } from '@portal/shared/passwords';
import { createSubAccountBodySchema, type CreateSubAccountBody, type SubAccount } from '@portal/shared/sub-accounts';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { PageFormActions } from '@/components/form/page-form-actions';
import { Input, NativeSelect } from '@/components/ui/input';
import { applyServerErrors } from '@/lib/form-errors';
import { useCreateSubAccount } from '../api/create-sub-account';
import { useExhibitorOptions } from '../api/get-exhibitor-options';
import { useUpdateSubAccount } from '../api/update-sub-account';

const { firstName, lastName, email, password } = createSubAccountBodySchema.shape;

const person = { firstName, lastName, email, exhibitorId: z.string() };
/** The exhibitor is asked in the schema, so that its error shows with the others on the first submit. */
const createSchema = (picksExhibitor: boolean) =>
  z.object({
    ...person,
    password,
    exhibitorId: picksExhibitor ? z.string().min(1, 'Choose an exhibitor') : z.string(),
  });
/** On edit the password stays as it is: resetting it is an action of its own. */
const editSchema = z.object({ ...person, password: z.string() });

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'exhibitorId'] as const;

type SubAccountFormProps = {
  subAccount: SubAccount | null;
  /** Admins choose the exhibitor a new sub-account belongs to; an exhibitor creates its own. */
  choosesExhibitor: boolean;
  exhibitorId?: number;
  onSaved: (saved: SubAccount) => void;
  cancelTo?: string;
  onCancel?: () => void;
};

/** Creates a sub-account, or edits the one given. */
export function SubAccountForm({
  subAccount,
  choosesExhibitor,
  exhibitorId,
  onSaved,
  cancelTo,
  onCancel,
}: SubAccountFormProps) {
  const picksExhibitor = choosesExhibitor && !subAccount;
  const exhibitors = useExhibitorOptions({ enabled: picksExhibitor });
  const create = useCreateSubAccount();
  const update = useUpdateSubAccount();
  const form = useForm({
    resolver: zodResolver(subAccount ? editSchema : createSchema(picksExhibitor)),
    defaultValues: {
      firstName: subAccount?.firstName ?? '',
      lastName: subAccount?.lastName ?? '',
      email: subAccount?.email ?? '',
      password: '',
      exhibitorId: exhibitorId?.toString() ?? '',
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      let saved: SubAccount;
      if (subAccount) {
        saved = await update.mutateAsync({
          id: subAccount.id,
          body: { firstName: values.firstName, lastName: values.lastName, email: values.email },
        });
      } else {
        const body: CreateSubAccountBody = {
          firstName: values.firstName,
          lastName: values.lastName,
          email: values.email,
          password: values.password,
          ...(picksExhibitor ? { exhibitorId: Number(values.exhibitorId) } : {}),
        };
        saved = await create.mutateAsync(body);
      }
      toast.success(subAccount ? 'Sub-account updated' : 'Sub-account created');
      onSaved(saved);
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormAlert message={errors.root?.server?.message} />
      {picksExhibitor && (
        <FormField
          id="sub-account-exhibitor"
          label="Exhibitor"
          required
          hint="The sub-account registers badges for this exhibitor."
          error={errors.exhibitorId?.message}
        >
          {(control) =>
            // A native select keeps its value only once its option exists: mount it with the options.
            exhibitors.isPending ? (
              <NativeSelect {...control} disabled>
                <option>Loading exhibitors…</option>
              </NativeSelect>
            ) : (
              <NativeSelect {...control} {...form.register('exhibitorId')}>
                <option value="">Choose an exhibitor</option>
                {(exhibitors.data ?? []).map((exhibitor) => (
                  <option key={exhibitor.id} value={exhibitor.id}>
                    {exhibitor.companyName ?? exhibitor.name} · {exhibitor.eventName}
                  </option>
                ))}
              </NativeSelect>
            )
          }
        </FormField>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="sub-account-first-name" label="First name" required error={errors.firstName?.message}>
          {(control) => <Input {...control} {...form.register('firstName')} autoComplete="off" />}
        </FormField>
        <FormField id="sub-account-last-name" label="Last name" required error={errors.lastName?.message}>
          {(control) => <Input {...control} {...form.register('lastName')} autoComplete="off" />}
        </FormField>
      </div>
      <FormField
        id="sub-account-email"
        label="Email"
        required
        hint="The sub-account signs in with this address."
        error={errors.email?.message}
      >
        {(control) => <Input {...control} {...form.register('email')} type="email" autoComplete="off" />}
      </FormField>
      {!subAccount && (
        <FormField
          id="sub-account-password"
          label="Password"
          required
          hint={`At least ${PASSWORD_MIN_LENGTH} characters, with a digit or symbol. Pass it on to your colleague.`}
          error={errors.password?.message}
        >
          {(control) => (
            <Input {...control} {...form.register('password')} type="password" autoComplete="new-password" />
          )}
        </FormField>
      )}
      <PageFormActions
        pending={create.isPending || update.isPending}
        submitLabel={subAccount ? 'Save changes' : 'Create sub-account'}
        cancelTo={cancelTo}
        onCancel={onCancel}
      />
    </form>
  );
}
