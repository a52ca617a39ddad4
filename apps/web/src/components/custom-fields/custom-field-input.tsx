import { COUNTRY_CODES, formatBytes, UPLOAD_CONTENT_TYPES, type PublicCustomField } from '@portal/shared/custom-fields';
import type { ReactNode } from 'react';
import { FormField } from '@/components/form/form-field';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { countryName, type CustomFieldAnswer } from './custom-field-rules';

const COUNTRIES = COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) =>
  a.name.localeCompare(b.name),
);

type CustomFieldInputProps = {
  field: PublicCustomField;
  value: CustomFieldAnswer | undefined;
  onChange: (value: CustomFieldAnswer) => void;
  onBlur?: () => void;
  error?: string;
  /** Distinguishes ids when the same field shows twice on a page (a form and its preview). */
  idPrefix?: string;
  /** The file a file field holds already, kept unless another is chosen. */
  storedFileName?: string;
};

function fileHint(field: PublicCustomField): string {
  const types = field.validation.allowedMimeTypes?.map((type) => UPLOAD_CONTENT_TYPES[type]).join(', ');
  const size = field.validation.maxFileSizeBytes ? `at most ${formatBytes(field.validation.maxFileSizeBytes)}` : null;
  return [types, size].filter(Boolean).join(', ');
}

/** One custom field as the badge forms show it: the input its type calls for, with its help text and error. */
export function CustomFieldInput({
  field,
  value,
  onChange,
  onBlur,
  error,
  idPrefix = 'cf',
  storedFileName,
}: CustomFieldInputProps) {
  const id = `${idPrefix}-${field.key}`;
  const v = field.validation;
  const text = typeof value === 'string' ? value : '';
  const hint =
    [field.helpText, field.type === 'file' ? fileHint(field) : null].filter(Boolean).join(' · ') || undefined;

  if (field.type === 'checkbox') {
    return (
      <Choices id={id} error={error} hint={field.helpText ?? undefined}>
        {(describedBy) => (
          <label htmlFor={id} className="flex items-start gap-2 text-sm">
            <input
              id={id}
              type="checkbox"
              checked={value === true}
              onChange={(event) => onChange(event.target.checked)}
              onBlur={onBlur}
              aria-invalid={Boolean(error)}
              aria-describedby={describedBy}
              className="mt-0.5 size-4 accent-primary"
            />
            <span className="font-medium">
              {field.label}
              {field.required && <Required />}
            </span>
          </label>
        )}
      </Choices>
    );
  }

  if (field.type === 'radio' || field.type === 'multiselect') {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <Choices id={id} error={error} hint={hint} legend={field.label} required={field.required}>
        {(describedBy) => (
          <div className="grid gap-2 sm:grid-cols-2">
            {field.options.map((option) => (
              <label key={option.value} className="flex items-center gap-2 text-sm">
                <input
                  type={field.type === 'radio' ? 'radio' : 'checkbox'}
                  name={id}
                  value={option.value}
                  checked={field.type === 'radio' ? value === option.value : chosen.includes(option.value)}
                  onChange={(event) => {
                    if (field.type === 'radio') onChange(option.value);
                    else
                      onChange(
                        event.target.checked
                          ? field.options.map((o) => o.value).filter((o) => o === option.value || chosen.includes(o))
                          : chosen.filter((o) => o !== option.value),
                      );
                  }}
                  onBlur={onBlur}
                  aria-describedby={describedBy}
                  className="size-4 accent-primary"
                />
                {option.label}
              </label>
            ))}
          </div>
        )}
      </Choices>
    );
  }

  return (
    <FormField id={id} label={field.label} required={field.required} hint={hint} error={error}>
      {(control) => {
        const common = { ...control, onBlur, required: field.required };
        switch (field.type) {
          case 'textarea':
            return <Textarea {...common} rows={4} value={text} onChange={(event) => onChange(event.target.value)} />;
          case 'select':
          case 'country':
            return (
              <NativeSelect {...common} value={text} onChange={(event) => onChange(event.target.value)}>
                <option value="">{field.type === 'country' ? 'Choose a country' : 'Choose…'}</option>
                {field.type === 'country'
                  ? COUNTRIES.map((country) => (
                      <option key={country.code} value={country.code}>
                        {country.name}
                      </option>
                    ))
                  : field.options.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
              </NativeSelect>
            );
          case 'file':
            return (
              <div className="grid gap-1">
                <Input
                  {...common}
                  type="file"
                  accept={v.allowedMimeTypes?.join(',')}
                  onChange={(event) => onChange(event.target.files?.[0] ?? null)}
                  className="py-1.5 file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium"
                />
                {storedFileName && !(value instanceof File) && (
                  <p className="text-xs text-muted-foreground">Current file: {storedFileName}</p>
                )}
              </div>
            );
          default:
            return (
              <Input
                {...common}
                type={field.type === 'phone' ? 'tel' : field.type === 'text' ? 'text' : field.type}
                inputMode={field.type === 'number' ? 'decimal' : undefined}
                autoComplete="off"
                value={text}
                min={field.type === 'date' ? v.minDate : field.type === 'number' ? v.min : undefined}
                max={field.type === 'date' ? v.maxDate : field.type === 'number' ? v.max : undefined}
                onChange={(event) => onChange(event.target.value)}
                className={cn(field.type === 'date' && 'sm:w-52')}
              />
            );
        }
      }}
    </FormField>
  );
}

function Required() {
  return (
    <span aria-hidden className="ml-0.5 text-destructive">
      *
    </span>
  );
}

/** A group of choices with its legend, help text and error, announced together. */
function Choices({
  id,
  legend,
  required,
  hint,
  error,
  children,
}: {
  id: string;
  legend?: string;
  required?: boolean;
  hint?: string;
  error?: string;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="grid gap-1.5" aria-invalid={Boolean(error)}>
      {legend && (
        <legend className="mb-1.5 text-sm font-medium">
          {legend}
          {required && <Required />}
        </legend>
      )}
      {children(describedBy)}
      {hint && !error && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
