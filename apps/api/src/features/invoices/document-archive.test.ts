import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import { Parse } from 'unzipper';
import { describe, expect, it } from 'vitest';
import { domesticInvoice } from '../../test/documents';
import { zipDocuments } from './document-archive';
import type { PdfPool } from './pdf-workers';

async function entriesOf(zip: Buffer): Promise<[string, string][]> {
  const entries: [string, string][] = [];
  for await (const entry of Readable.from([zip]).pipe(Parse({ forceStream: true }))) {
    entries.push([entry.path as string, (await buffer(entry as Readable)).toString()]);
  }
  return entries;
}

async function* documents(count: number) {
  for (let index = 0; index < count; index += 1) yield domesticInvoice({ number: `INV-2026-${String(index).padStart(6, '0')}` });
}

describe('zipDocuments', () => {
  it('writes the documents in their order, each PDF before its XML, though later ones are drawn first', async () => {
    const drawing: string[] = [];
    // A pool whose documents finish in the reverse of the order they were asked for.
    const pool: PdfPool = {
      size: 2,
      render: async (document) => {
        drawing.push(document.number);
        await sleep(40 - (Number(document.number.slice(-2)) % 4) * 10);
        return { pdf: Buffer.from(`pdf ${document.number}`), xml: document.number.endsWith('3') ? null : `xml ${document.number}` };
      },
      started: async () => {},
      close: async () => {},
    };
    const entries = await entriesOf(await buffer(zipDocuments(documents(6), async () => undefined, pool)));
    expect(entries).toEqual(
      Array.from({ length: 6 }, (_, index) => `INV-2026-${String(index).padStart(6, '0')}`).flatMap((number) => [
        [`${number}.pdf`, `pdf ${number}`],
        ...(number.endsWith('3') ? [] : [[`${number}.xml`, `xml ${number}`] as [string, string]]),
      ]),
    );
    expect(drawing).toHaveLength(6);
  });

  it('fails the archive when a document cannot be drawn', async () => {
    const pool: PdfPool = {
      size: 2,
      render: async (document) => {
        if (document.number.endsWith('2')) throw new Error('cannot draw');
        return { pdf: Buffer.from('pdf'), xml: null };
      },
      started: async () => {},
      close: async () => {},
    };
    await expect(buffer(zipDocuments(documents(5), async () => undefined, pool))).rejects.toThrow('cannot draw');
  });
});
