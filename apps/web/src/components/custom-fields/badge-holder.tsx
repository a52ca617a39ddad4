import { emailSchema, textLine } from '@portal/shared/common';
import type { PublicCustomField } from '@portal/shared/custom-fields';
import { phoneSchema } from '@portal/shared/exhibitors';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { z } from 'zod';
import { CustomFieldInput } from './custom-field-input';
import { answersForApi, type CustomFieldAnswer } from './custom-field-rules';

/**
 * The badge holder's fields of a badge form, as the API checks them; a form adds its own and
 * checks the answers with `addAnswerIssues`.
 */
export const badgeHolderShape = {
  firstName: textLine(100),
  lastName: textLine(100),
  email: emailSchema,
  phone: phoneSchema,
  customFieldValues: z.record(z.string(), z.custom<CustomFieldAnswer>()),
};

type BadgeHolderValues = z.output<z.ZodObject<typeof badgeHolderShape>>;

/** The names a server's field errors may carry, so that each shows beside its input. */
export function badgeHolderFieldNames(fields: readonly Pick<PublicCustomField, 'key'>[]) {
  return [
    'firstName',
    'lastName',
    'email',
    'phone',
    ...fields.map((field) => `customFieldValues.${field.key}` as const),
  ] as const;
}

/** The holder and answers as a badge request carries them, with each chosen file apart. */
export function badgeHolderForApi(
  fields: readonly Pick<PublicCustomField, 'id' | 'key' | 'type'>[],
  values: BadgeHolderValues,
) {
  const { customFieldValues, files } = answersForApi(fields, values.customFieldValues);
  return {
    holder: {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      phone: values.phone ?? null,
      customFieldValues,
    },
    files,
  };
}

/** One custom field's input, bound to the form's answer for it. */
export function AnswerField<T extends FieldValues>({
  field,
  control,
  idPrefix,
  storedFileName,
}: {
  field: PublicCustomField;
  control: Control<T, unknown, FieldValues>;
  idPrefix: string;
  storedFileName?: string;
}) {
  const { field: input, fieldState } = useController({
    control,
    name: `customFieldValues.${field.key}` as Path<T>,
  });
  return (
    <CustomFieldInput
      field={field}
      idPrefix={idPrefix}
      value={input.value as CustomFieldAnswer | undefined}
      onChange={input.onChange}
      onBlur={input.onBlur}
      error={fieldState.error?.message}
      storedFileName={storedFileName}
    />
  );
}
