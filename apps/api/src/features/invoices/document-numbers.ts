import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';

/** "INV-2026-000042": the series' prefix, the year of issue and the series' running number. */
export function formatDocumentNumber(prefix: string, issuedAt: Date, sequence: number): string {
  return `${prefix}-${issuedAt.getUTCFullYear()}-${String(sequence).padStart(6, '0')}`;
}

/**
 * The next number of a series, taken inside the caller's (issuing) transaction. The series row
 * stays locked until that transaction ends, so concurrent issues queue on it, across events that
 * share the prefix too; a rollback returns the number, hence no gaps and no number given twice.
 */
export async function takeNextNumber(
  tx: Database,
  prefix: string,
  issuedAt: Date,
): Promise<{ series: string; sequence: number; number: string }> {
  const [row] = await queryRows<{ last_value: number }>(
    tx,
    sql`insert into document_series (prefix, last_value) values (${prefix}, 1)
        on conflict (prefix) do update set last_value = document_series.last_value + 1
        returning last_value`,
  );
  const sequence = row!.last_value;
  return { series: prefix, sequence, number: formatDocumentNumber(prefix, issuedAt, sequence) };
}
