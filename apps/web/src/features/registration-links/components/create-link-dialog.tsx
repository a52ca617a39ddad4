import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { CopyLinkField } from '@/components/copy-link-field';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { FormDialog } from '@/components/form/form-dialog';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { applyServerErrors } from '@/lib/form-errors';
import { useCreateExhibitorLink } from '../api/create-exhibitor-link';
import { expiresAtOf, ExpiryField, MaxUsesField, validExpiry, validMaxUses } from './link-limit-fields';

type Values = { maxUses: string; expiresOn: string };

/** The full address a company opens to register itself. */
export function registrationUrl(linkId: string): string {
  return `${window.location.origin}${paths.register.href({ generatedLinkId: linkId })}`;
}

/**
 * A dialog that creates a link with the form it is given, then shows the link with a copy button;
 * closing it starts over.
 */
export function LinkDialog({
  open,
  onClose,
  title,
  description,
  createdDescription,
  form,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  createdDescription: string;
  form: (actions: { onCreated: (url: string) => void; close: () => void }) => ReactNode;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const close = () => {
    setUrl(null);
    onClose();
  };
  return (
    <FormDialog open={open} onClose={close} title={title} description={url ? createdDescription : description}>
      {url ? <LinkResult url={url} /> : form({ onCreated: setUrl, close })}
    </FormDialog>
  );
}

/** Creates an exhibitor registration link for an event, then shows it with a copy button. */
export function CreateLinkDialog({
  eventId,
  eventName,
  open,
  onClose,
}: {
  eventId: number;
  eventName: string;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <LinkDialog
      open={open}
      onClose={onClose}
      title="Exhibitor registration link"
      description={`Companies that open the link register themselves as exhibitors at ${eventName}.`}
      createdDescription="Share this link with the companies you invite. Each one that opens it registers itself as an exhibitor."
      form={({ onCreated }) => <LinkForm eventId={eventId} onCreated={onCreated} />}
    />
  );
}

function LinkForm({ eventId, onCreated }: { eventId: number; onCreated: (url: string) => void }) {
  const create = useCreateExhibitorLink();
  const form = useForm<Values>({ defaultValues: { maxUses: '', expiresOn: '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ maxUses, expiresOn }) => {
    try {
      const link = await create.mutateAsync({
        eventId,
        maxUses: maxUses ? Number(maxUses) : null,
        expiresAt: expiresAtOf(expiresOn),
      });
      onCreated(registrationUrl(link.id));
    } catch (error) {
      applyServerErrors(error, form.setError, ['maxUses']);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormAlert message={errors.root?.server?.message} />
      <div className="grid gap-4 sm:grid-cols-2">
        <MaxUsesField
          registration={form.register('maxUses', { validate: validMaxUses })}
          error={errors.maxUses?.message}
        />
        <ExpiryField
          registration={form.register('expiresOn', { validate: validExpiry })}
          error={errors.expiresOn?.message}
        />
      </div>
      <FormActions pending={create.isPending} submitLabel="Create link" />
    </form>
  );
}

/** A created link, ready to copy. */
export function LinkResult({ url }: { url: string }) {
  return (
    <div className="grid gap-4">
      <CopyLinkField id="registration-link" label="Registration link" url={url} />
      <DialogFooter>
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      </DialogFooter>
    </div>
  );
}
