import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';

export type DocumentKind = 'invoice' | 'credit_note';

const PREFIX: Record<DocumentKind, string> = { invoice: 'INV', credit_note: 'CN' };

/** "INV-2026-000042": the kind, the year of issue and the event's running number. */
export function formatDocumentNumber(kind: DocumentKind, issuedAt: Date, sequence: number): string {
  return `${PREFIX[kind]}-${issuedAt.getUTCFullYear()}-${String(sequence).padStart(6, '0')}`;
}

/**
 * The event's next number of this kind, taken inside the caller's (issuing) transaction. The
 * counter row stays locked until that transaction ends, so concurrent issues queue on it; a
 * rollback returns the number, hence no gaps and no number given twice.
 */
export async function takeNextNumber(
  tx: Database,
  eventId: number,
  kind: DocumentKind,
  issuedAt: Date,
): Promise<{ sequence: number; number: string }> {
  const [row] = await queryRows<{ last_value: number }>(
    tx,
    sql`insert into document_counters (event_id, kind, last_value) values (${eventId}, ${kind}, 1)
        on conflict (event_id, kind) do update set last_value = document_counters.last_value + 1
        returning last_value`,
  );
  const sequence = row!.last_value;
  return { sequence, number: formatDocumentNumber(kind, issuedAt, sequence) };
}
