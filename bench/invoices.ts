// Invoice archive figures, printed beside their aim; never asserted in tests. The API runs in its own
// process (api-server.ts) on PostgreSQL; its peak memory is read from /proc after each figure.
import { documentTax, taxOn } from '@portal/shared/vat';
import { readFileSync } from 'node:fs';
import { buffer } from 'node:stream/consumers';
import { cpus, loadavg } from 'node:os';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../apps/api/src/db/client';
import { allocationPurchases } from '../apps/api/src/db/schema/allocation-purchases';
import { events } from '../apps/api/src/db/schema/events';
import { invoices, type DocumentSnapshot } from '../apps/api/src/db/schema/invoices';
import { invoiceDocument } from '../apps/api/src/features/invoices/documents';
import { renderDocumentPdf } from '../apps/api/src/features/invoices/invoice-pdf';
import { peakMemory, withPostgresApi } from './postgres-api';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 1000);

/** CPU seconds the process has used (user + system): a figure the machine's other load does not inflate. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Names in several scripts, so that the font's glyphs are embedded as in a real European show. */
const COMPANIES = [
  'Rīgas Maiznieks SIA',
  'Łódź Żółć sp. z o.o.',
  'Příliš žluťoučký kůň s.r.o.',
  'Ελληνικά Α.Ε.',
  'Москва ООО',
];

function snapshot(i: number): DocumentSnapshot {
  const quantity = (i % 9) + 1;
  return {
    eventName: 'Bench show',
    billTo: {
      companyName: COMPANIES[i % COMPANIES.length]!,
      contactName: `Jānis Bērziņš ${i}`,
      email: `buyer${i}@bench.example`,
      address: `Brīvības iela ${i}\nRīga LV-1010`,
      street: null,
      postcode: null,
      city: null,
      vatNumber: `LV${String(40003000000 + i)}`,
      country: 'LV',
    },
    lines: [{ description: 'Badge Allocation: Exhibitor staff', quantity, unitPrice: 7100, total: quantity * 7100, vatCategory: 'S', vatRate: 21 }],
    currency: 'EUR',
    totalAmount: quantity * 7100 + taxOn(quantity * 7100, 2100),
    tax: documentTax(
      { category: 'S', rateBasisPoints: 2100, pricesIncludeTax: false, exemptionReason: null },
      { net: quantity * 7100, tax: taxOn(quantity * 7100, 2100), gross: quantity * 7100 + taxOn(quantity * 7100, 2100) },
    ),
    notes: i % 3 === 0 ? 'Payable within 14 days of issue.' : null,
    issuer: {
      name: 'Messe Rīga SIA',
      address: 'Ķīpsalas iela 8\nRīga LV-1048',
      street: null,
      postcode: null,
      city: null,
      country: 'LV',
      vatId: 'LV40003245752',
      registrationNumber: '40003245752',
      iban: 'LV80BANK0000435195001',
      bic: 'HABALV22',
      contactName: null,
      email: 'billing@messe.example',
      phone: '+371 6706 5000',
    },
    footer: 'Bank transfer within 14 days, quoting the invoice number.',
    buyerReference: null,
    dueDate: '2026-12-10',
    supplyPeriod: { start: '2027-03-10', end: '2027-03-12' },
    logoFileId: null,
  };
}

/** INVOICES paid purchases of the bench show's exhibitor, each with its invoice, written in batches. */
async function seedInvoices(
  database: DatabaseHandle,
  eventId: number,
  exhibitorId: number,
  categoryId: number,
) {
  const { db } = database;
  await db.update(events).set({ currency: 'EUR' }).where(eq(events.id, eventId));
  const issuedAt = new Date();
  for (let start = 0; start < INVOICES; start += 250) {
    const batch = Array.from({ length: Math.min(250, INVOICES - start) }, (_v, k) => start + k);
    const purchases = await db
      .insert(allocationPurchases)
      .values(
        batch.map((i) => {
          const { totalAmount, lines } = snapshot(i);
          return {
            eventId,
            badgeCategoryId: categoryId,
            requestedByAdminId: exhibitorId,
            exhibitorId,
            status: 'paid' as const,
            quantity: lines[0]!.quantity,
            acceptedAmount: lines[0]!.quantity,
            unitPriceCents: 7100,
            totalPriceCents: totalAmount,
            amountToPayCents: totalAmount,
            currency: 'EUR',
            isPaid: true,
            invoiceNumber: `INV-2026-${String(i + 1).padStart(6, '0')}`,
          };
        }),
      )
      .returning({ id: allocationPurchases.id });
    await db.insert(invoices).values(
      batch.map((i, k) => ({
        eventId,
        allocationPurchaseId: purchases[k]!.id,
        sequence: i + 1,
        number: `INV-2026-${String(i + 1).padStart(6, '0')}`,
        snapshot: snapshot(i),
        issuedAt,
      })),
    );
  }
}

async function main() {
  await withPostgresApi('Invoice archive', async ({ database, show, address, pid }) => {
    await seedInvoices(database, show.eventId, show.exhibitorId, show.import10k);

    // The floor: the same documents drawn one after another in this process, without HTTP or ZIP.
    const rows = await database.db.select().from(invoices).where(eq(invoices.eventId, show.eventId));
    const renderStart = performance.now();
    const renderCpu = process.cpuUsage();
    let renderedBytes = 0;
    for (const row of rows)
      renderedBytes += (
        await buffer(renderDocumentPdf(invoiceDocument(row, { isPaid: true, paidAt: row.issuedAt, paymentReference: `BENCH-${row.id}` }, null)))
      ).length;
    const renderSeconds = (performance.now() - renderStart) / 1000;
    const { user, system } = process.cpuUsage(renderCpu);
    const renderCpuSeconds = (user + system) / 1e6;

    peakMemory(pid);
    const idleMemory = peakMemory(pid);
    const load = loadavg();
    const apiCpu = cpuSeconds(pid);
    const start = performance.now();
    const response = await fetch(`${address}/api/admin/events/${show.eventId}/invoices.zip`, {
      headers: { authorization: `Bearer ${show.token}` },
    });
    const firstByte = (performance.now() - start) / 1000;
    let bytes = 0;
    for await (const chunk of response.body!) bytes += (chunk as Uint8Array).length;
    const seconds = (performance.now() - start) / 1000;
    const archiveMemory = peakMemory(pid);
    const archiveCpu = cpuSeconds(pid) - apiCpu;

    console.log(
      `\nInvoice archive on PostgreSQL, API in its own process: ${INVOICES} invoices (EUR, names in five scripts).` +
        `\n  GET /api/admin/events/{id}/invoices.zip: ${seconds.toFixed(2)} s (HTTP ${response.status}, ${response.headers.get('x-document-count')} documents, ${(bytes / 1e6).toFixed(1)} MB, first byte after ${firstByte.toFixed(2)} s)` +
        `; API CPU ${archiveCpu.toFixed(2)} s; API peak memory ${archiveMemory.toFixed(0)} MB (idle ${idleMemory.toFixed(0)} MB) (aim: under 15 s, memory bounded)` +
        `\n  The same ${rows.length} PDFs drawn one by one in this process, no HTTP or ZIP: ${renderSeconds.toFixed(2)} s, CPU ${renderCpuSeconds.toFixed(2)} s (${(renderedBytes / 1e6).toFixed(1)} MB); archive ${(seconds / renderSeconds).toFixed(2)}× that` +
        `\n  (machine load when the download began: ${load.map((n) => n.toFixed(1)).join(' ')} on ${cpus().length} cores)`,
    );
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
