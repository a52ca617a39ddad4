import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs a poppler tool (pdftotext, pdffonts, pdfinfo, pdfimages) on a PDF held in memory and answers its output. */
export async function poppler(tool: 'pdftotext' | 'pdffonts' | 'pdfinfo' | 'pdfimages', pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-pdf-'));
  try {
    const file = join(dir, 'document.pdf');
    await writeFile(file, pdf);
    const args = tool === 'pdftotext' ? [file, '-'] : tool === 'pdfimages' ? ['-list', file] : [file];
    const { stdout } = await run(tool, args, { encoding: 'utf8' });
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text a reader's software takes out of the PDF, in reading order. */
export const pdfText = (pdf: Buffer) => poppler('pdftotext', pdf);

/** The images drawn in the PDF, as `pdfimages -list` lists them (its two header lines left out). */
export const pdfImages = async (pdf: Buffer) => (await poppler('pdfimages', pdf)).trim().split('\n').slice(2);
