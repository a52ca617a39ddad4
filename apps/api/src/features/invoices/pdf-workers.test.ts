import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { domesticInvoice, xRechnungInvoice } from '../../test/documents';
import { renderDocumentFiles } from './invoice-pdf';
import { createPdfPool } from './pdf-workers';
import { solidPng } from './png.test-support';

const pool = createPdfPool(2);
afterAll(() => pool.close());

describe('the PDF worker pool', () => {
  it('draws in its workers the same files as the calling thread, whatever order they finish in', async () => {
    await pool.started();
    const documents = [
      domesticInvoice(),
      xRechnungInvoice({ number: 'INV-2026-000043', status: 'PAID', paidAt: '2026-05-10T09:00:00.000Z' }),
      domesticInvoice({ number: 'INV-2026-000044', issuer: null }),
      domesticInvoice({ number: 'INV-2026-000045', currency: 'KWD' }),
    ];
    // The first with a logo, which travels to the worker with it.
    const logo = solidPng(40, 20);
    const logoOf = (index: number) => (index === 0 ? logo : undefined);
    const drawn = await Promise.all(documents.map((document, index) => pool.render(document, logoOf(index))));
    for (const [index, document] of documents.entries()) {
      const expected = await renderDocumentFiles(document, logoOf(index));
      expect(drawn[index]!.xml).toBe(expected.xml);
      expect(drawn[index]!.pdf.equals(expected.pdf)).toBe(true);
    }
    // No issuer, three decimals: no e-invoice, the PDF alone.
    expect(drawn.map((files) => files.xml !== null)).toEqual([true, true, false, false]);
  });

  it('answers a document that cannot be drawn with its error, and goes on drawing', async () => {
    await pool.started();
    const broken = { ...domesticInvoice(), lines: null } as unknown as Parameters<typeof pool.render>[0];
    await expect(pool.render(broken, undefined)).rejects.toThrow();
    expect((await pool.render(domesticInvoice(), undefined)).pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses what is left when closed, and starts its workers again for the next document', async () => {
    await pool.started();
    const pending = Array.from({ length: 6 }, (_, index) =>
      pool.render(domesticInvoice({ number: `INV-2026-${100 + index}` }), undefined).then(
        () => 'drawn',
        (error: Error) => error.message,
      ),
    );
    await pool.close();
    const outcomes = await Promise.all(pending);
    expect(outcomes.filter((outcome) => outcome !== 'drawn').length).toBeGreaterThan(0);
    expect(outcomes.every((outcome) => ['drawn', 'The PDF worker stopped', 'The PDF workers were stopped'].includes(outcome))).toBe(true);
    await pool.started();
    expect((await pool.render(domesticInvoice(), undefined)).pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('draws in the calling thread with one core', async () => {
    const single = createPdfPool(1);
    await single.started();
    expect((await single.render(domesticInvoice(), undefined)).pdf.equals((await renderDocumentFiles(domesticInvoice())).pdf)).toBe(true);
  });

  it('takes its size from PDF_WORKERS, a whole number from 0 to 64, else none is set', () => {
    expect(loadConfig({ PDF_WORKERS: '3' }).PDF_WORKERS).toBe(3);
    expect(loadConfig({}).PDF_WORKERS).toBeUndefined();
    expect(() => loadConfig({ PDF_WORKERS: 'many' })).toThrow(/PDF_WORKERS/);
    expect(() => loadConfig({ PDF_WORKERS: '65' })).toThrow(/PDF_WORKERS/);
  });
});
