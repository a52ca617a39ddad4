import type { CustomField } from '@portal/shared/custom-fields';
import type { Lead, UpdateLeadBody } from '@portal/shared/leads';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { CustomFieldInput } from '@/components/custom-fields/custom-field-input';
import {
  answerForApi,
  answerFromValue,
  answerProblem,
  type CustomFieldAnswer,
} from '@/components/custom-fields/custom-field-rules';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorBody, errorMessage } from '@/lib/api-client';

type Answers = Record<string, CustomFieldAnswer>;

const answersOf = (questions: readonly CustomField[], stored: Lead['answers']): Answers =>
  Object.fromEntries(
    questions.map((question) => [String(question.id), answerFromValue(question, stored[String(question.id)])]),
  );

/**
 * The answers that differ from those loaded, by question id, as the API takes them: a question
 * left alone is not sent, so a colleague's answer to it saved meanwhile stays.
 */
export function changedAnswers(
  questions: readonly CustomField[],
  loaded: Answers,
  now: Answers,
): NonNullable<UpdateLeadBody['answers']> {
  return Object.fromEntries(
    questions
      .filter((question) => JSON.stringify(now[String(question.id)]) !== JSON.stringify(loaded[String(question.id)]))
      .map((question) => [String(question.id), answerForApi(question, now[String(question.id)])]),
  );
}

type LeadAnswersProps = {
  lead: Lead;
  /** Active questions of the exhibitor; files are no answer a lead takes. */
  questions: readonly CustomField[];
  save: (body: UpdateLeadBody) => Promise<Lead>;
  onDirtyChange: (dirty: boolean) => void;
};

/** The exhibitor's own qualifier questions with this lead's answers, saved together. */
export function LeadAnswers({ lead, questions, save, onDirtyChange }: LeadAnswersProps) {
  const asked = questions.filter((question) => question.type !== 'file');
  const [loaded, setLoaded] = useState(() => answersOf(asked, lead.answers));
  const [answers, setAnswers] = useState(loaded);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const changes = changedAnswers(asked, loaded, answers);
  const dirty = Object.keys(changes).length > 0;

  function change(id: string, value: CustomFieldAnswer) {
    const next = { ...answers, [id]: value };
    setAnswers(next);
    onDirtyChange(Object.keys(changedAnswers(asked, loaded, next)).length > 0);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = Object.fromEntries(
      asked.flatMap((question) => {
        const problem = answerProblem(question, answers[String(question.id)]);
        return problem ? [[String(question.id), problem]] : [];
      }),
    );
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !dirty) return;
    setPending(true);
    try {
      const saved = await save({ answers: changes });
      const fresh = answersOf(asked, saved.answers);
      setLoaded(fresh);
      setAnswers(fresh);
      onDirtyChange(false);
      toast.success('Answers saved');
    } catch (error) {
      // The server names a refused answer by its path, `answers.<id>`.
      const details = apiErrorBody(error)?.details ?? [];
      setErrors(
        Object.fromEntries(
          details.flatMap((detail) => {
            const id = /^answers\.(\d+)/.exec(detail.field)?.[1];
            return id ? [[id, detail.message]] : [];
          }),
        ),
      );
      toast.error(errorMessage(error, 'The answers could not be saved'));
    } finally {
      setPending(false);
    }
  }

  if (asked.length === 0) return null;
  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-4" noValidate>
      {asked.map((question) => (
        <CustomFieldInput
          key={question.id}
          idPrefix="lead-question"
          field={question}
          value={answers[String(question.id)]}
          onChange={(value) => change(String(question.id), value)}
          error={errors[String(question.id)]}
        />
      ))}
      <div>
        <Button type="submit" disabled={pending || !dirty}>
          {pending && <Spinner size="sm" tone="current" label="Saving" />}
          Save answers
        </Button>
      </div>
    </form>
  );
}
