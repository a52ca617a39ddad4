import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Writes a PDF held in memory to a scratch folder for a poppler tool, and removes it after. */
async function withPdfFile<T>(pdf: Buffer, use: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-pdf-'));
  try {
    const file = join(dir, 'document.pdf');
    await writeFile(file, pdf);
    return await use(file, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs a poppler tool (pdftotext, pdffonts, pdfinfo, pdfimages) on a PDF held in memory and answers its output. */
export async function poppler(tool: 'pdftotext' | 'pdffonts' | 'pdfinfo' | 'pdfimages', pdf: Buffer): Promise<string> {
  return withPdfFile(pdf, async (file) => {
    const args = tool === 'pdftotext' ? [file, '-'] : tool === 'pdfimages' ? ['-list', file] : [file];
    const { stdout } = await run(tool, args, { encoding: 'utf8' });
    return stdout;
  });
}

/** The text a reader's software takes out of the PDF, in reading order. */
export const pdfText = (pdf: Buffer) => poppler('pdftotext', pdf);

/** The images drawn in the PDF, as `pdfimages -list` lists them (its two header lines left out). */
export const pdfImages = async (pdf: Buffer) => (await poppler('pdfimages', pdf)).trim().split('\n').slice(2);

/** The PDF's XMP metadata, as pdfinfo reads it. */
export const xmpMetadata = (pdf: Buffer) =>
  withPdfFile(pdf, async (file) => (await run('pdfinfo', ['-meta', file], { encoding: 'utf8' })).stdout);

/** The files embedded in a PDF (its EmbeddedFiles name tree) by name, as poppler's pdfdetach saves them. */
export const embeddedFiles = (pdf: Buffer) =>
  withPdfFile(pdf, async (file, dir) => {
    const out = join(dir, 'files');
    await mkdir(out);
    await run('pdfdetach', ['-saveall', '-o', out, file]);
    const names = await readdir(out);
    return new Map(await Promise.all(names.map(async (name) => [name, await readFile(join(out, name))] as const)));
  });

/** Each word pdftotext finds on the first page, with its box in points from the page's top-left. */
export const pdfWordBoxes = (pdf: Buffer) =>
  withPdfFile(pdf, async (file) => {
    const { stdout } = await run('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
    const words = [...stdout.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)];
    return words.map(([, xMin, yMin, xMax, yMax, text]) => ({
      text: text!.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'"),
      xMin: Number(xMin),
      yMin: Number(yMin),
      xMax: Number(xMax),
      yMax: Number(yMax),
    }));
  });

/** The first page rasterised by pdftoppm, as PNG bytes. */
export const pdfPagePng = (pdf: Buffer, dpi: number) =>
  withPdfFile(pdf, async (file, dir) => {
    await run('pdftoppm', ['-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', '-png', file, join(dir, 'page')]);
    return readFile(join(dir, 'page.png'));
  });
