import type { PublicCustomField } from '@portal/shared/custom-fields';
import { useState } from 'react';
import { CustomFieldInput } from '@/components/custom-fields/custom-field-input';
import { answerProblem, emptyAnswer, type CustomFieldAnswer } from '@/components/custom-fields/custom-field-rules';

/** The field as its form shows it (a badge's, or a lead's), answerable, with the message a wrong answer would get. */
export function FieldPreview({ field, form = 'badge form' }: { field: PublicCustomField; form?: string }) {
  const [answer, setAnswer] = useState<{ type: string; value: CustomFieldAnswer; touched: boolean }>({
    type: field.type,
    value: emptyAnswer(field),
    touched: false,
  });
  // A new type starts from its own empty answer.
  const current = answer.type === field.type ? answer : { type: field.type, value: emptyAnswer(field), touched: false };
  const problem = current.touched ? answerProblem(field, current.value) : null;
  return (
    <div className="grid gap-3">
      <CustomFieldInput
        field={field}
        idPrefix="preview"
        value={current.value}
        onChange={(value) => setAnswer({ type: field.type, value, touched: true })}
        onBlur={() => setAnswer({ ...current, touched: true })}
        error={problem ?? undefined}
      />
      <p className="text-xs text-muted-foreground">Try an answer: the preview checks it as the {form} will.</p>
    </div>
  );
}
