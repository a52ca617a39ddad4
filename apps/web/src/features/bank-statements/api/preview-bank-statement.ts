import type { BankStatementPreview } from '@portal/shared/bank-statements';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { statementFormData, type StatementUpload } from './bank-statement-form';

/** Reads a statement and matches its lines to the event's invoices; records nothing. */
export async function previewBankStatement(upload: StatementUpload): Promise<BankStatementPreview> {
  const { data } = await api.post<{ data: BankStatementPreview }>(
    `/admin/events/${upload.eventId}/bank-statements/preview`,
    statementFormData(upload),
  );
  return data.data;
}

export function usePreviewBankStatement() {
  return useMutation({ mutationFn: previewBankStatement });
}
