import { badgeLayoutInputSchema, type BadgeElementInput, type BadgeLayoutDesign } from '@portal/shared/badge-layouts';
import jsQR from 'jsqr';
import PDFDocument from 'pdfkit';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { pdfImages, pdfPagePng, pdfText, pdfWordBoxes, poppler } from '../../../test/pdf';
import { solidPng } from '../../invoices/png.test-support';
import { BUILT_IN_LAYOUTS } from '../built-ins';
import { lineMetrics } from './fonts';
import { badgeSizePt, badgeSvg, drawBadge, layoutBadge, PT_PER_MM, registerBadgeFonts, type BadgeFace, type DrawOp } from '.';

const face: BadgeFace = {
  code: 'K7M2PQ9XRT',
  firstName: 'Anna',
  lastName: 'Berg',
  company: 'Acme',
  category: 'Exhibitor staff',
  badgeType: 'exhibitor',
  fields: {},
};

function layoutOf(elements: BadgeElementInput[], pageSize: 'a6' | 'cr80' = 'a6'): BadgeLayoutDesign {
  return badgeLayoutInputSchema.parse({ name: 'Test', pageSize, elements });
}

async function badgePdf(layout: BadgeLayoutDesign, badge: BadgeFace): Promise<Buffer> {
  const size = badgeSizePt(layout);
  const doc = new PDFDocument({ size: [size.width, size.height], margin: 0 });
  registerBadgeFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  drawBadge(doc, layout, badge, {}, { x: 0, y: 0 });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

const textOps = (ops: DrawOp[]) => ops.filter((op): op is Extract<DrawOp, { kind: 'text' }> => op.kind === 'text');
const squeeze = (text: string) => text.replace(/\s+/gu, '');

// Long names in the scripts the badges must print, each as its holder writes it.
const NAMES = {
  Latvian: { firstName: 'Jānis Krišjānis Valdemārs', lastName: 'Bērziņš-Ozoliņš-Vītoliņš', company: 'Ķeguma Ūdens un Ģeoloģijas Pētījumu Centrs' },
  Polish: { firstName: 'Grzegorz Przemysław', lastName: 'Brzęczyszczykiewicz-Żółtowski', company: 'Zakład Usług Źródłowych Łódź Spółka z o.o.' },
  Greek: { firstName: 'Αλέξανδρος Κωνσταντίνος', lastName: 'Παπαδοπουλόπουλος-Χατζηγεωργίου', company: 'Ελληνική Εταιρεία Ανανεώσιμων Πηγών Ενέργειας' },
  Cyrillic: { firstName: 'Александра Владимировна', lastName: 'Преображенская-Ростовцева', company: 'Научно-производственное объединение «Электроприбор»' },
  CJK: { firstName: '山田 花子', lastName: '長谷川・佐々木・渡辺', company: '北京国际会议展览中心有限公司とひらがなカタカナ' },
  Korean: { firstName: '김민준', lastName: '남궁서연', company: '한국전자전시회 주식회사 서울특별시 강남구 지점' },
};

describe('the badge renderer', () => {
  it.each(Object.entries(NAMES))('prints a long %s name, company and category whole, each line inside its box', async (_, name) => {
    const badge = { ...face, ...name, category: 'Aussteller — Größe über alles' };
    for (const layout of [BUILT_IN_LAYOUTS.a6, BUILT_IN_LAYOUTS.cr80]) {
      const drawing = layoutBadge(layout, badge, {});
      expect(drawing.warnings).toEqual(['logo element "logo": the layout has no logo yet']);
      const pdf = await badgePdf(layout, badge);
      const text = squeeze(await pdfText(pdf));
      for (const part of [badge.firstName, badge.lastName, badge.company, badge.category, 'EXHIBITOR']) expect(text).toContain(squeeze(part));
      // Every word of the printed page lies within the box of a text element (a quarter point of rounding).
      const boxes = layout.elements.map((e) => ({ left: e.x * PT_PER_MM, top: e.y * PT_PER_MM, right: (e.x + e.width) * PT_PER_MM, bottom: (e.y + e.height) * PT_PER_MM }));
      for (const word of await pdfWordBoxes(pdf)) {
        const inside = boxes.some((b) => word.xMin >= b.left - 0.25 && word.xMax <= b.right + 0.25 && word.yMin >= b.top - 0.25 && word.yMax <= b.bottom + 0.25);
        expect(inside, `${word.text} at ${word.xMin},${word.yMin}-${word.xMax},${word.yMax}`).toBe(true);
      }

      // Each line lies within its element's box (ascent to descent, start to end of the last run).
      const { ascent, descent } = lineMetrics();
      const lines = textOps(drawing.ops);
      for (const element of layout.elements.filter((e) => e.kind !== 'qr' && e.kind !== 'logo')) {
        const box = { left: element.x * PT_PER_MM, top: element.y * PT_PER_MM, right: (element.x + element.width) * PT_PER_MM, bottom: (element.y + element.height) * PT_PER_MM };
        const inBox = lines.filter((line) => line.runs[0]!.x >= box.left - 0.01 && line.baseline > box.top && line.baseline < box.bottom);
        expect(inBox.length, element.id).toBeGreaterThan(0);
        for (const line of inBox) {
          const last = line.runs.at(-1)!;
          expect(last.x + last.width, element.id).toBeLessThanOrEqual(box.right + 0.01);
          expect(line.baseline - ascent * line.size, element.id).toBeGreaterThanOrEqual(box.top - 0.01);
          expect(line.baseline + descent * line.size, element.id).toBeLessThanOrEqual(box.bottom + 0.01);
        }
      }
    }
  });

  it('embeds its fonts, with the CJK font only where the text needs it', async () => {
    const latin = await poppler('pdffonts', await badgePdf(BUILT_IN_LAYOUTS.a6, face));
    expect(latin).toMatch(/DejaVuSans-Bold\s+CID TrueType\s+Identity-H\s+yes yes/);
    expect(latin).not.toMatch(/NotoSansSC/);
    const cjk = await poppler('pdffonts', await badgePdf(BUILT_IN_LAYOUTS.a6, { ...face, ...NAMES.CJK }));
    expect(cjk).toMatch(/NotoSansSC-Bold\s+CID TrueType\s+Identity-H\s+yes yes/);
    expect(cjk).not.toMatch(/NotoSansKR/);
    const korean = await poppler('pdffonts', await badgePdf(BUILT_IN_LAYOUTS.a6, { ...face, ...NAMES.Korean }));
    expect(korean).toMatch(/NotoSansKR-Bold\s+CID TrueType\s+Identity-H\s+yes yes/);
  });

  it('reports characters no font has', () => {
    const drawing = layoutBadge(BUILT_IN_LAYOUTS.cr80, { ...face, company: 'Acme 𓀀 Ltd' }, { logo: Buffer.alloc(0) });
    expect(drawing.warnings).toEqual(['No font has these characters, printed as boxes: 𓀀']);
  });

  it('stores a logo once however many badges of a document show it', async () => {
    const layout = BUILT_IN_LAYOUTS.cr80;
    const size = badgeSizePt(layout);
    const doc = new PDFDocument({ size: [size.width, size.height], margin: 0 });
    registerBadgeFonts(doc);
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => doc.on('end', resolve));
    const assets = { logo: solidPng(30, 10) };
    drawBadge(doc, layout, face, assets, { x: 0, y: 0 });
    doc.addPage();
    drawBadge(doc, layout, { ...face, firstName: 'Bo' }, assets, { x: 0, y: 0 });
    doc.end();
    await ended;
    // `pdfimages -list` lists each use: two pages, one object (its number and generation, the 11th and 12th columns).
    const uses = (await pdfImages(Buffer.concat(chunks))).map((line) => line.trim().split(/\s+/).slice(10, 12).join(' '));
    expect(uses).toHaveLength(2);
    expect(new Set(uses).size).toBe(1);
    expect(layoutBadge(layout, face, assets).warnings).toEqual([]);
  });

  it('draws the QR code of the badge code alone, readable from the printed page', async () => {
    for (const layout of [BUILT_IN_LAYOUTS.a6, BUILT_IN_LAYOUTS.cr80]) {
      const png = PNG.sync.read(await pdfPagePng(await badgePdf(layout, face), 300));
      const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
      expect(decoded?.data).toBe(face.code);
    }
  });

  it('shrinks text to fit on one line down to its smallest size, then wraps, then shrinks below it', () => {
    const element = { id: 'n', kind: 'company', x: 5, y: 5, width: 60, height: 20, fontSize: 30, minFontSize: 12 } as const;
    const sizeAndLines = (company: string, height = 20) => {
      const lines = textOps(layoutBadge(layoutOf([{ ...element, height }]), { ...face, company }, {}).ops);
      return { size: lines[0]!.size, lines: lines.map((line) => line.runs.map((run) => run.text).join('')) };
    };
    expect(sizeAndLines('Acme')).toEqual({ size: 30, lines: ['Acme'] });
    const shrunk = sizeAndLines('Acme International Holdings');
    expect(shrunk.size).toBeLessThan(30);
    expect(shrunk.size).toBeGreaterThanOrEqual(12);
    expect(shrunk.lines).toEqual(['Acme International Holdings']);
    expect(sizeAndLines('Acme International Holdings and Partners Worldwide')).toEqual({
      size: 12,
      lines: ['Acme International Holdings', 'and Partners Worldwide'],
    });
    const belowMinimum = sizeAndLines('Acme International Holdings and Partners Worldwide', 8);
    expect(belowMinimum.size).toBeLessThan(12);
    expect(belowMinimum.size).toBeGreaterThanOrEqual(4);
    // A word too long for the line breaks at its characters instead of running past the box.
    expect(sizeAndLines('Donaudampfschifffahrtsgesellschaftskapitänswitwe', 8).lines.join('')).toBe('Donaudampfschifffahrtsgesellschaftskapitänswitwe');
  });

  it('reports text that cannot fit even at 4 pt instead of dropping it', () => {
    const layout = layoutOf([{ id: 'tiny', kind: 'text', text: 'Welcome to the annual meeting of everyone', x: 5, y: 5, width: 8, height: 2, fontSize: 10, minFontSize: 8 }]);
    const drawing = layoutBadge(layout, face, {});
    expect(drawing.warnings).toEqual(['text element "tiny": "Welcome to the annual meeting of everyone" does not fit its box even at 4 pt and runs past it']);
    const lines = textOps(drawing.ops);
    expect(lines.every((line) => line.size === 4)).toBe(true);
    expect(squeeze(lines.flatMap((line) => line.runs.map((run) => run.text)).join(''))).toBe(squeeze('Welcome to the annual meeting of everyone'));
  });

  it('prints the name on two lines, upper-cased when asked, the field answer and the band in the type colour', () => {
    const layout = layoutOf([
      { id: 'name', kind: 'name', lines: 2, uppercase: true, x: 5, y: 5, width: 95, height: 30, fontSize: 20, minFontSize: 10 },
      { id: 'role', kind: 'field', customFieldId: 7, x: 5, y: 40, width: 95, height: 10, fontSize: 12, minFontSize: 8 },
      { id: 'band', kind: 'typeBand', x: 0, y: 130, width: 105, height: 18, colors: { visitor: '#ff0000' } },
    ]);
    const drawing = layoutBadge(layout, { ...face, badgeType: 'visitor', fields: { 7: 'Sales lead' } }, {});
    expect(textOps(drawing.ops).map((line) => line.runs.map((run) => run.text).join(''))).toEqual(['ANNA', 'BERG', 'Sales lead', 'VISITOR']);
    expect(drawing.ops).toContainEqual(expect.objectContaining({ kind: 'rect', color: '#ff0000', y: 130 * PT_PER_MM }));
  });

  it('draws the SVG preview and the PDF from the same operations', async () => {
    const badge = { ...face, ...NAMES.Polish };
    const layout = BUILT_IN_LAYOUTS.a6;
    const drawing = layoutBadge(layout, badge, {});
    const svg = badgeSvg(layout, badge, {});
    expect(svg).toMatch(/^<svg [^>]*width="105mm" height="148mm" viewBox="0 0 297\.638 419\.528"/);
    const svgRuns = [...svg.matchAll(/<text x="([\d.]+)" y="([\d.]+)"[^>]*font-size="([\d.]+)"[^>]*textLength="([\d.]+)"[^>]*>([^<]*)<\/text>/g)].map(
      ([, x, y, size, length, text]) => ({ x: Number(x), y: Number(y), size: Number(size), length: Number(length), text }),
    );
    const opRuns = textOps(drawing.ops).flatMap((line) => line.runs.map((run) => ({ x: run.x, y: line.baseline, size: line.size, length: run.width, text: run.text })));
    expect(svgRuns).toHaveLength(opRuns.length);
    svgRuns.forEach((run, index) => {
      const op = opRuns[index]!;
      expect(run.text).toBe(op.text);
      for (const key of ['x', 'y', 'size', 'length'] as const) expect(run[key]).toBeCloseTo(op[key], 2);
    });
    const qr = drawing.ops.find((op) => op.kind === 'qr')!;
    expect(svg.match(/<path fill="#000000"[^>]*d="([^"]*)"/)![1]!.split('M')).toHaveLength(qr.kind === 'qr' ? qr.cells.length + 1 : 0);

    // The PDF puts each line's first word where the operations say (pdftotext's box starts at the glyph's origin).
    const words = await pdfWordBoxes(await badgePdf(layout, badge));
    for (const line of textOps(drawing.ops)) {
      const first = line.runs[0]!.text.split(' ')[0]!;
      const word = words.find((w) => w.text === first && Math.abs(w.yMax - line.baseline) < line.size);
      expect(word, first).toBeDefined();
      expect(word!.xMin).toBeCloseTo(line.runs[0]!.x, 0);
    }
  });
});
