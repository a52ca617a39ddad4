import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';

/** A yes/no setting of a form: a switch with its label and, under it, what it does. */
export function SwitchField<T extends FieldValues>({
  control,
  name,
  id,
  label,
  description,
}: {
  control: Control<T>;
  name: FieldPathByValue<T, boolean>;
  id: string;
  label: string;
  description: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-start gap-3 rounded-lg border p-3">
          <Switch
            id={id}
            className="mt-0.5"
            checked={field.value}
            onCheckedChange={field.onChange}
            aria-describedby={`${id}-hint`}
          />
          <Label htmlFor={id} className="grid gap-0.5 leading-snug font-normal">
            <span className="font-medium">{label}</span>
            <span id={`${id}-hint`} className="text-xs text-muted-foreground">
              {description}
            </span>
          </Label>
        </div>
      )}
    />
  );
}
