import { CSV_DATE_FORMATS, type CsvLayout, type CsvMapping } from '@portal/shared/bank-statements';
import { useId, useState, type FormEvent } from 'react';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

type ColumnField = 'date' | 'amount' | 'reference' | 'currency' | 'payer' | 'bankReference';

const COLUMN_FIELDS: { field: ColumnField; label: string; required: boolean; hint?: string }[] = [
  { field: 'date', label: 'Booking date', required: true },
  { field: 'amount', label: 'Amount', required: true, hint: 'Negative amounts are money paid out' },
  { field: 'reference', label: 'Reference / remittance text', required: true, hint: 'Where payers quote the invoice number' },
  { field: 'payer', label: 'Payer name', required: false },
  { field: 'currency', label: 'Currency', required: false, hint: 'Without it, every line is in the event’s currency' },
  { field: 'bankReference', label: 'Bank’s transaction id', required: false, hint: 'Best guard against recording a line twice' },
];

const DEFAULT_MAPPING: CsvMapping = {
  headerRow: 1,
  date: 0,
  amount: 1,
  reference: 2,
  currency: null,
  payer: null,
  bankReference: null,
  decimalSeparator: '.',
  dateFormat: 'YYYY-MM-DD',
};

const DELIMITER_NAMES: Record<string, string> = { ',': 'commas', ';': 'semicolons', tab: 'tabs' };

type CsvMappingFormProps = {
  layout: CsvLayout;
  pending: boolean;
  onSubmit: (mapping: CsvMapping) => void;
};

/**
 * Which column of a bank's CSV holds what, chosen over the file's first rows: the server's guess
 * from the column names is filled in, for the organiser to check.
 */
export function CsvMappingForm({ layout, pending, onSubmit }: CsvMappingFormProps) {
  const id = useId();
  const [mapping, setMapping] = useState<CsvMapping>(layout.suggestedMapping ?? DEFAULT_MAPPING);
  const [error, setError] = useState<string | null>(null);
  const header = layout.rows[mapping.headerRow - 1] ?? [];
  const width = Math.max(0, ...layout.rows.map((row) => row.length));
  const columns = Array.from({ length: width }, (_v, index) => header[index] || `Column ${index + 1}`);

  function set<K extends keyof CsvMapping>(key: K, value: CsvMapping[K]) {
    setMapping((previous) => ({ ...previous, [key]: value }));
    setError(null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const chosen = COLUMN_FIELDS.map(({ field }) => mapping[field]).filter((column) => column !== null);
    if (new Set(chosen).size !== chosen.length) {
      setError('Each column can be chosen for one field only');
      return;
    }
    onSubmit(mapping);
  }

  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="grid min-w-0 gap-5">
      <div>
        <h2 id={`${id}-title`} className="text-base font-semibold">
          Columns of the CSV
        </h2>
        <p className="text-sm text-muted-foreground">
          Read as {layout.encoding.toUpperCase()}, separated by {DELIMITER_NAMES[layout.delimiter] ?? layout.delimiter}.
          Check which column holds what.
        </p>
      </div>

      <div className="min-w-0 rounded-lg border">
        <Table aria-label="First rows of the file">
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Row</TableHead>
              {columns.map((_name, index) => (
                <TableHead key={index} scope="col">
                  {index + 1}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {layout.rows.map((row, rowIndex) => (
              <TableRow key={rowIndex} className={rowIndex + 1 === mapping.headerRow ? 'bg-primary/5 font-medium' : undefined}>
                <TableCell className="text-muted-foreground">{rowIndex + 1}</TableCell>
                {columns.map((_name, index) => (
                  <TableCell key={index} className="max-w-56 truncate whitespace-nowrap" title={row[index]}>
                    {row[index]}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <FormField id={`${id}-headerRow`} label="Column names in row" hint="Rows above it are skipped">
          {(control) => (
            <NativeSelect
              {...control}
              value={mapping.headerRow}
              onChange={(event) => set('headerRow', Number(event.target.value))}
            >
              {layout.rows.map((_row, index) => (
                <option key={index} value={index + 1}>
                  Row {index + 1}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        {COLUMN_FIELDS.map(({ field, label, required, hint }) => (
          <FormField key={field} id={`${id}-${field}`} label={label} required={required} hint={hint}>
            {(control) => (
              <NativeSelect
                {...control}
                value={mapping[field] ?? ''}
                onChange={(event) => set(field, event.target.value === '' ? null : Number(event.target.value))}
              >
                {!required && <option value="">Not in this file</option>}
                {columns.map((name, index) => (
                  <option key={index} value={index}>
                    {index + 1}: {name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        ))}
        <FormField id={`${id}-decimal`} label="Decimal separator">
          {(control) => (
            <NativeSelect
              {...control}
              value={mapping.decimalSeparator}
              onChange={(event) => set('decimalSeparator', event.target.value === ',' ? ',' : '.')}
            >
              <option value=".">Point (1,234.56)</option>
              <option value=",">Comma (1.234,56)</option>
            </NativeSelect>
          )}
        </FormField>
        <FormField id={`${id}-dateFormat`} label="Date format">
          {(control) => (
            <NativeSelect
              {...control}
              value={mapping.dateFormat}
              onChange={(event) => set('dateFormat', event.target.value as CsvMapping['dateFormat'])}
            >
              {CSV_DATE_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {format}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>

      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" disabled={pending}>
          {pending && <Spinner size="sm" tone="current" label="Reading" />}
          Read the lines
        </Button>
      </div>
    </form>
  );
}
