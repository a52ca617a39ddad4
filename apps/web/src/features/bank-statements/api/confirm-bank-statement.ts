import type { BankStatementRecorded } from '@portal/shared/bank-statements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { statementFormData, type StatementUpload } from './bank-statement-form';

/** Records the ticked lines as payments of their invoices, all or none. */
export async function confirmBankStatement({ lines, ...upload }: StatementUpload & { lines: string[] }): Promise<BankStatementRecorded> {
  const { data } = await api.post<{ data: BankStatementRecorded }>(
    `/admin/events/${upload.eventId}/bank-statements/confirm`,
    statementFormData(upload, lines),
  );
  return data.data;
}

export function useConfirmBankStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmBankStatement,
    // Payments change purchases, allocations, places left and the dashboard, cached by other features.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
