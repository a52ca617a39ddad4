import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { CategoryOptions } from '@/components/category-options';
import { ChoiceGroup } from '@/components/form/choice-group';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { useCan } from '@/hooks/use-can';
import { applyServerErrors } from '@/lib/form-errors';
import { useSession } from '@/lib/session';
import { useCreateBadgeLink } from '../api/create-badge-link';
import { useLinkCategories, useLinkOwners, useLinkTemplates } from '../api/get-link-choices';
import { useSendBadgeLink } from '../api/send-badge-link';
import { LinkDialog, registrationUrl } from './create-link-dialog';
import { LinkOwnerOptions } from './link-owner-options';
import { expiresAtOf, ExpiryField, MaxUsesField, validExpiry, validMaxUses } from './link-limit-fields';

type Values = {
  mode: 'share' | 'send';
  badgeCategoryId: string;
  exhibitorId: string;
  maxUses: string;
  expiresOn: string;
  email: string;
  firstName: string;
  lastName: string;
  emailTemplateId: string;
};

export type BadgeLinkContext = {
  eventId: number;
  /** Fixed when the dialog is opened for one category or one exhibitor. */
  badgeCategoryId?: number;
  exhibitorId?: number;
};

/**
 * Creates a badge registration link: shareable (a number of registrations, until a day) or sent
 * to one recipient with a chosen template. Every registration spends a place of the owner's
 * allocation; an exhibitor or a sub-account owns its own links, and a VIP admin its own (VIP
 * categories, no places: its VIP badges never take any).
 */
export function CreateBadgeLinkDialog({
  context,
  open,
  onClose,
}: {
  context: BadgeLinkContext;
  open: boolean;
  onClose: () => void;
}) {
  const vip = useSession()?.type === 'vipAdmin';
  return (
    <LinkDialog
      open={open}
      onClose={onClose}
      title={vip ? 'VIP registration link' : 'Badge registration link'}
      description={
        vip
          ? 'The guests you invite register their VIP badge themselves.'
          : 'People who open the link register a badge themselves; each badge takes one place of the owner’s allocation.'
      }
      createdDescription="Share this link: each person who opens it registers a badge, until its limit or its last day."
      form={({ onCreated, close }) => <BadgeLinkForm context={context} onCreated={onCreated} onSent={close} />}
    />
  );
}

const FIELDS = [
  'badgeCategoryId',
  'exhibitorId',
  'maxUses',
  'expiresAt',
  'email',
  'firstName',
  'lastName',
  'emailTemplateId',
] as const;

function BadgeLinkForm({
  context,
  onCreated,
  onSent,
}: {
  context: BadgeLinkContext;
  onCreated: (url: string) => void;
  onSent: () => void;
}) {
  const session = useSession();
  const can = useCan();
  const ownsLinks = session?.type === 'exhibitor' || session?.type === 'sub-account' || session?.type === 'vipAdmin';
  const choosesOwner = !ownsLinks && context.exhibitorId == null;
  const categories = useLinkCategories(context.eventId, context.badgeCategoryId == null);
  const owners = useLinkOwners(context.eventId, can('view_sub_accounts'), choosesOwner);
  const templates = useLinkTemplates(context.eventId, can('view_email_templates'));
  const create = useCreateBadgeLink();
  const send = useSendBadgeLink();
  const form = useForm<Values>({
    defaultValues: {
      mode: 'share',
      badgeCategoryId: context.badgeCategoryId ? String(context.badgeCategoryId) : '',
      exhibitorId: context.exhibitorId ? String(context.exhibitorId) : '',
      maxUses: '',
      expiresOn: '',
      email: '',
      firstName: '',
      lastName: '',
      emailTemplateId: '',
    },
  });
  const { errors } = form.formState;
  const mode = useWatch({ control: form.control, name: 'mode' });
  const required = (label: string) => ({ required: `${label} is required` });

  const submit = form.handleSubmit(async (values) => {
    const target = {
      badgeCategoryId: Number(values.badgeCategoryId),
      exhibitorId: values.exhibitorId ? Number(values.exhibitorId) : undefined,
      expiresAt: expiresAtOf(values.expiresOn),
    };
    try {
      if (values.mode === 'share') {
        const link = await create.mutateAsync({
          kind: 'badge',
          ...target,
          maxUses: values.maxUses ? Number(values.maxUses) : null,
        });
        onCreated(registrationUrl(link.id));
      } else {
        await send.mutateAsync({
          ...target,
          email: values.email,
          firstName: values.firstName,
          lastName: values.lastName,
          emailTemplateId: values.emailTemplateId ? Number(values.emailTemplateId) : undefined,
        });
        toast.success(`Registration link sent to ${values.email}`);
        onSent();
      }
    } catch (error) {
      applyServerErrors(
        error,
        form.setError,
        FIELDS.map((field) => (field === 'expiresAt' ? ([field, 'expiresOn'] as const) : field)),
      );
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormAlert message={errors.root?.server?.message} />
      <ChoiceGroup
        legend="Link"
        name="link-mode"
        register={form.register('mode')}
        choices={[
          { value: 'share', label: 'Shareable link', description: 'Copy it and share it with several people.' },
          { value: 'send', label: 'Send to one recipient', description: 'A single-use link, emailed now.' },
        ]}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {context.badgeCategoryId == null && (
          <FormField id="link-category" label="Badge category" required error={errors.badgeCategoryId?.message}>
            {(control) => (
              <NativeSelect {...control} {...form.register('badgeCategoryId', required('Badge category'))}>
                <CategoryOptions categories={categories.data} empty="Choose a category" />
              </NativeSelect>
            )}
          </FormField>
        )}
        {choosesOwner && (
          <FormField
            id="link-owner"
            label="Owner"
            required
            hint="Whose places the registrations take."
            error={errors.exhibitorId?.message}
          >
            {(control) => (
              <NativeSelect {...control} {...form.register('exhibitorId', required('Owner'))}>
                <LinkOwnerOptions owners={owners.data} empty="Choose an exhibitor or sub-account" />
              </NativeSelect>
            )}
          </FormField>
        )}
      </div>
      {mode === 'send' ? (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="link-first-name" label="First name" required error={errors.firstName?.message}>
              {(control) => (
                <Input {...control} {...form.register('firstName', required('First name'))} autoComplete="off" />
              )}
            </FormField>
            <FormField id="link-last-name" label="Last name" required error={errors.lastName?.message}>
              {(control) => (
                <Input {...control} {...form.register('lastName', required('Last name'))} autoComplete="off" />
              )}
            </FormField>
          </div>
          <FormField id="link-email" label="Recipient email" required error={errors.email?.message}>
            {(control) => (
              <Input {...control} {...form.register('email', required('Email'))} type="email" autoComplete="off" />
            )}
          </FormField>
          {can('view_email_templates') && (
            <FormField
              id="link-template"
              label="Email template"
              hint="Leave as is for the category’s, the event’s or the standard wording."
              error={errors.emailTemplateId?.message}
            >
              {(control) => (
                <NativeSelect {...control} {...form.register('emailTemplateId')}>
                  <option value="">Standard template</option>
                  {templates.data?.map((template) => (
                    <option key={template.id} value={template.id}>
                      {template.name}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          )}
        </>
      ) : (
        <MaxUsesField
          registration={form.register('maxUses', { validate: validMaxUses })}
          error={errors.maxUses?.message}
        />
      )}
      <ExpiryField
        registration={form.register('expiresOn', { validate: validExpiry })}
        error={errors.expiresOn?.message}
        className="sm:w-60"
      />
      <FormActions
        pending={create.isPending || send.isPending}
        submitLabel={mode === 'send' ? 'Send link' : 'Create link'}
      />
    </form>
  );
}
