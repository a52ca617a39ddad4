import {
  calibrationTransform,
  cropMarks,
  ptFromMm,
  type Imposition,
  type PrintSettings,
  type SheetCell,
} from '@portal/shared/badge-prints';

/**
 * Drawing a sheet with pdfkit: every sheet is a page of its paper size, drawn in millimetres of
 * the paper turned into points, through the event's calibration (moved and scaled as a whole).
 */

const CROP_MARK_COLOR = '#000000';
const CROP_MARK_WIDTH_PT = 0.25;

/** Starts a sheet: a new page of the paper's size, with the calibration set for what follows. */
export function startSheet(doc: PDFKit.PDFDocument, imposition: Imposition, settings: PrintSettings) {
  doc.addPage({ size: [ptFromMm(imposition.paper.width), ptFromMm(imposition.paper.height)], margin: 0 });
  const t = calibrationTransform(imposition.paper, settings);
  doc.transform(t.scale, 0, 0, t.scale, ptFromMm(t.translateX), ptFromMm(t.translateY));
}

/** The crop marks of a multi-up sheet, in the calibrated space like the badges they frame. */
export function drawCropMarks(doc: PDFKit.PDFDocument, imposition: Imposition) {
  const marks = cropMarks(imposition);
  if (marks.length === 0) return;
  doc.save().lineWidth(CROP_MARK_WIDTH_PT).strokeColor(CROP_MARK_COLOR);
  for (const mark of marks) doc.moveTo(ptFromMm(mark.x1), ptFromMm(mark.y1)).lineTo(ptFromMm(mark.x2), ptFromMm(mark.y2));
  doc.stroke().restore();
}

/**
 * Draws into a cell: `draw` paints a badge with its top-left at (0, 0) in points. A turned cell
 * (an upright badge on a lying label) gets the badge a quarter turn clockwise.
 */
export function inCell(doc: PDFKit.PDFDocument, cell: SheetCell, draw: () => void) {
  doc.save();
  if (cell.turned) doc.translate(ptFromMm(cell.x + cell.width), ptFromMm(cell.y)).rotate(90, { origin: [0, 0] });
  else doc.translate(ptFromMm(cell.x), ptFromMm(cell.y));
  draw();
  doc.restore();
}
