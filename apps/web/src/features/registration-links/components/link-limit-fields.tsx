import { wholeNumberMessage } from '@portal/shared/common';
import { MAX_LINK_USES } from '@portal/shared/registration-links';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';

export const validMaxUses = (value: string) =>
  value === '' ||
  (Number.isInteger(Number(value)) && Number(value) >= 1 && Number(value) <= MAX_LINK_USES) ||
  wholeNumberMessage(1, MAX_LINK_USES);

export const today = () => new Date().toISOString().slice(0, 10);

export const validExpiry = (value: string) => value === '' || value >= today() || 'Choose today or a later day';

/** A link stays valid through the whole of the chosen day, in the user's time zone. */
export const expiresAtOf = (expiresOn: string) => (expiresOn ? new Date(`${expiresOn}T23:59:59`).toISOString() : null);

/** How many registrations a link takes; empty for no limit. Register it with `validMaxUses`. */
export function MaxUsesField({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  return (
    <FormField id="link-max-uses" label="Maximum registrations" hint="Leave empty for no limit." error={error}>
      {(control) => (
        <Input {...control} {...registration} type="number" min={1} max={MAX_LINK_USES} inputMode="numeric" />
      )}
    </FormField>
  );
}

/** The last day a link works; empty to keep it open. Register it with `validExpiry`. */
export function ExpiryField({
  registration,
  error,
  className,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
  className?: string;
}) {
  return (
    <FormField id="link-expires" label="Valid until" hint="Leave empty to keep it open." error={error}>
      {(control) => <Input {...control} {...registration} type="date" min={today()} className={className} />}
    </FormField>
  );
}
