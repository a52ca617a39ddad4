import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs a poppler tool (pdftotext, pdffonts, pdfinfo) on a PDF held in memory and answers its output. */
export async function poppler(tool: 'pdftotext' | 'pdffonts' | 'pdfinfo', pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-pdf-'));
  try {
    const file = join(dir, 'document.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run(tool, tool === 'pdftotext' ? [file, '-'] : [file], { encoding: 'utf8' });
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text a reader's software takes out of the PDF, in reading order. */
export const pdfText = (pdf: Buffer) => poppler('pdftotext', pdf);
