import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import type { Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../test/pdf';
import { fontSource, keepCodePoints } from './shared-pdf-fonts';

const require = createRequire(import.meta.url);
const dejaVu = () => fontkit.create(readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'))) as Font;

/** The words two documents sharing one parsed font read back as, the first drawn before the second. */
async function twoDocuments(font: Font, first: string, second: string): Promise<[string, string]> {
  const draw = async (text: string) => {
    const page = new PDFDocument();
    page.registerFont('text', fontSource(font));
    page.font('text').text(text);
    page.end();
    return (await pdfText(await buffer(page))).replace(/\s+/g, ' ').trim();
  };
  return [await draw(first), await draw(second)];
}

describe('keepCodePoints', () => {
  it('keeps plain letters in the text layer after another document embedded them inside composed ones', async () => {
    // Without it, the E and k that Ē and ķ are built from lose their text in the next document.
    expect((await twoDocuments(dejaVu(), 'Ēķis', 'Ekis Otto'))[1]).not.toContain('Ekis');
    expect(await twoDocuments(keepCodePoints(dejaVu()), 'Ēķis Ōtā', 'Ekis Otto')).toEqual(['Ēķis Ōtā', 'Ekis Otto']);
  });
});
