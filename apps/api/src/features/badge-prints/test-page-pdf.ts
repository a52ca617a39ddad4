import type { Readable } from 'node:stream';
import { imposeBadges, ptFromMm, testBadgeSize, type BadgeSheet, type PrintSettings } from '@portal/shared/badge-prints';
import PDFDocument from 'pdfkit';
import { drawCropMarks, startSheet } from './sheet-pdf';

const LINE = '#1f2937';
const GUIDE = '#2563eb';
const RULER_LENGTH_MM = 100;
const RULER_FROM_EDGE_MM = 4;

const mm = ptFromMm;

/**
 * A calibration page for a sheet: the cells' outlines with a crosshair at each centre, the crop
 * marks, and two 100 mm rulers, all drawn through the event's calibration. Printed and measured
 * with a real ruler, it tells how far (and how much bigger or smaller) the printer puts things.
 */
export function renderTestPage(sheet: BadgeSheet, settings: PrintSettings): Readable {
  const badge = testBadgeSize(sheet);
  const imposition = imposeBadges(sheet, badge)!;
  const doc = new PDFDocument({ autoFirstPage: false, info: { Title: `Calibration page: ${sheet.label}` } });
  startSheet(doc, imposition, settings);
  const first = imposition.cells[0]!;

  doc.save().lineWidth(0.5).strokeColor(LINE);
  for (const cell of imposition.cells) {
    doc.rect(mm(cell.x), mm(cell.y), mm(cell.width), mm(cell.height)).stroke();
    const [cx, cy] = [cell.x + cell.width / 2, cell.y + cell.height / 2];
    doc.strokeColor(GUIDE).moveTo(mm(cx - 5), mm(cy)).lineTo(mm(cx + 5), mm(cy)).moveTo(mm(cx), mm(cy - 5)).lineTo(mm(cx), mm(cy + 5)).stroke();
    doc.circle(mm(cx), mm(cy), mm(2)).stroke().strokeColor(LINE);
  }
  doc.restore();
  drawCropMarks(doc, imposition);
  drawRuler(doc, 'across', first.x + 5, first.y + 8);
  drawRuler(doc, 'down', first.x + 8, first.y + 5);

  const note = [
    `${sheet.label}: cells of ${round(badge.width)} × ${round(badge.height)} mm.`,
    `The first cell's top-left corner should be ${round(first.x)} mm from the paper's left edge and ${round(first.y)} mm from its top edge;`,
    `each ruler should measure ${RULER_LENGTH_MM} mm. Correct the offsets by the difference and the scale by the ratio.`,
    `Printed with offset X ${settings.offsetXMm} mm, offset Y ${settings.offsetYMm} mm, scale ${settings.scale}.`,
  ];
  const width = Math.min(first.width - 16, 120);
  doc.fillColor(LINE).font('Helvetica').fontSize(6.5);
  doc.text(note.join(' '), mm(first.x + 14), mm(first.y + 16), { width: mm(width) });
  doc.end();
  return doc;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** A ruler in millimetres: a tick each mm, longer each 5, numbered each 10. */
function drawRuler(doc: PDFKit.PDFDocument, direction: 'across' | 'down', x: number, y: number) {
  doc.save().lineWidth(0.25).strokeColor(LINE).fillColor(LINE).font('Helvetica').fontSize(5);
  for (let i = 0; i <= RULER_LENGTH_MM; i++) {
    const tick = i % 10 === 0 ? RULER_FROM_EDGE_MM : i % 5 === 0 ? 2.5 : 1.5;
    if (direction === 'across') {
      doc.moveTo(mm(x + i), mm(y)).lineTo(mm(x + i), mm(y - tick));
      if (i % 10 === 0) doc.text(String(i), mm(x + i) - 6, mm(y + 0.6), { width: 12, align: 'center', lineBreak: false });
    } else {
      doc.moveTo(mm(x), mm(y + i)).lineTo(mm(x - tick), mm(y + i));
      if (i % 10 === 0) doc.text(String(i), mm(x + 0.8), mm(y + i) - 2, { lineBreak: false });
    }
  }
  doc.stroke().restore();
}
