import type { RedeemResult, ScannedBadge } from '@portal/shared/check-in';
import { useState, type FormEvent } from 'react';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect } from '@/components/ui/input';
import { DeviceRequestError } from '../../lib/device-api';
import { printPdf } from '../../lib/print-pdf';
import type { Station } from '../../lib/station';
import { useDeviceData } from '../../lib/use-device-data';

type Options = {
  categories: { id: number; name: string; badgeType: string }[];
  exhibitors: { id: number; company: string }[];
};
type WalkInAnswer = { badge: ScannedBadge; checkIn: RedeemResult; printable: boolean };
type Fields = {
  categoryId: string;
  exhibitorId: string;
  firstName: string;
  lastName: string;
  email: string;
};

const EMPTY: Fields = { categoryId: '', exhibitorId: '', firstName: '', lastName: '', email: '' };

function requiredErrors(fields: Fields): Partial<Record<keyof Fields, string>> {
  const errors: Partial<Record<keyof Fields, string>> = {};
  if (!fields.categoryId) errors.categoryId = 'Choose a category';
  if (!fields.firstName.trim()) errors.firstName = 'Give the first name';
  if (!fields.lastName.trim()) errors.lastName = 'Give the last name';
  if (!/^\S+@\S+\.\S+$/.test(fields.email.trim())) errors.email = 'Give an email address';
  return errors;
}

/** Registers someone at the door: a new badge, admitted on this list at once, and printed when a layout exists. */
export function WalkInForm({
  station,
  listId,
  onAdmitted,
}: {
  station: Station;
  listId: number;
  onAdmitted: (answer: WalkInAnswer) => void;
}) {
  const options = useDeviceData<Options>(station, '/check-in/walk-in-options');
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // One nonce per registration: pressing "Register" again after a lost answer makes no second badge.
  const [nonce, setNonce] = useState(() => crypto.randomUUID());

  if (options.error && !options.data)
    return <p className="text-sm text-muted-foreground">Registering walk-ins needs a connection. {options.error}</p>;
  if (!options.data) return <p className="text-sm text-muted-foreground">Loading…</p>;
  const { categories, exhibitors } = options.data;

  const set = (name: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = requiredErrors(fields);
    setErrors(missing);
    setFormError(null);
    if (Object.keys(missing).length > 0) return;
    setPending(true);
    try {
      const { data } = await station.request<{ data: WalkInAnswer }>('/check-in/walk-ins', {
        method: 'POST',
        body: {
          listId,
          categoryId: Number(fields.categoryId),
          exhibitorId: fields.exhibitorId ? Number(fields.exhibitorId) : null,
          firstName: fields.firstName.trim(),
          lastName: fields.lastName.trim(),
          email: fields.email.trim(),
          nonce,
        },
      });
      setFields(EMPTY);
      setNonce(crypto.randomUUID());
      onAdmitted(data);
      if (data.printable) {
        await printPdf(await station.badgePdf(data.badge.id)).catch(() =>
          setFormError('The badge could not be printed. Print it from the portal.'),
        );
      }
    } catch (cause) {
      if (cause instanceof DeviceRequestError) {
        setErrors(Object.fromEntries(cause.details.map((d) => [d.field, d.message])));
        // Questions of the category that the door's short form does not ask.
        if (cause.details.some((d) => d.field.startsWith('customFieldValues'))) {
          setFormError(
            'This category asks for more details than the door can take. Choose another category, or register this person in the portal.',
          );
          return;
        }
      }
      setFormError((cause as Error).message);
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-3" noValidate>
      {formError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {formError}
        </p>
      )}
      <FormField id="walk-in-category" label="Category" required error={errors.categoryId}>
        {(control) => (
          <NativeSelect {...control} value={fields.categoryId} onChange={set('categoryId')}>
            <option value="">Choose…</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      {exhibitors.length > 0 && (
        <FormField
          id="walk-in-exhibitor"
          label="Exhibitor"
          hint="Whose allocation the badge uses; none for the organiser’s own"
          error={errors.exhibitorId}
        >
          {(control) => (
            <NativeSelect {...control} value={fields.exhibitorId} onChange={set('exhibitorId')}>
              <option value="">None</option>
              {exhibitors.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.company}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="walk-in-first-name" label="First name" required error={errors.firstName}>
          {(control) => <Input {...control} value={fields.firstName} onChange={set('firstName')} autoComplete="off" />}
        </FormField>
        <FormField id="walk-in-last-name" label="Last name" required error={errors.lastName}>
          {(control) => <Input {...control} value={fields.lastName} onChange={set('lastName')} autoComplete="off" />}
        </FormField>
      </div>
      <FormField id="walk-in-email" label="Email" required error={errors.email}>
        {(control) => (
          <Input {...control} type="email" value={fields.email} onChange={set('email')} autoComplete="off" />
        )}
      </FormField>
      <Button type="submit" disabled={pending} className="justify-self-start">
        Register and check in
      </Button>
    </form>
  );
}
