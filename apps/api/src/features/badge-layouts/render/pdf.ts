import type { BadgeLayoutDesign } from '@portal/shared/badge-layouts';
import { fontSource } from '../../../lib/shared-pdf-fonts';
import { badgeFonts, type BadgeFontName } from './fonts';
import { layoutBadge, type BadgeDrawing, type BadgeFace, type LayoutAssets } from './engine';

const pdfFontName = (font: BadgeFontName) => `badge-${font}`;

/**
 * Registers the badge fonts with a document, once per document. pdfkit embeds only those a page
 * uses, each as a subset of the glyphs drawn, from the process's parsed fonts.
 */
export function registerBadgeFonts(doc: PDFKit.PDFDocument): void {
  for (const [name, font] of Object.entries(badgeFonts())) doc.registerFont(pdfFontName(name as BadgeFontName), fontSource(font));
}

/** pdfkit's opened image, which `image()` also takes (`openImage` is missing from its types). */
type OpenedImage = PDFKit.Mixins.ImageSrc;
type ImageOpener = { openImage(src: Buffer): OpenedImage };

// pdfkit writes an image each time it is given bytes; opened once per document, a logo on every
// badge of a print run is stored once.
const openedImages = new WeakMap<PDFKit.PDFDocument, Map<Buffer, OpenedImage>>();
function openedImage(doc: PDFKit.PDFDocument, bytes: Buffer): OpenedImage {
  let images = openedImages.get(doc);
  if (!images) openedImages.set(doc, (images = new Map()));
  let image = images.get(bytes);
  if (!image) images.set(bytes, (image = (doc as unknown as ImageOpener).openImage(bytes)));
  return image;
}

/** Draws the operations of a badge with its top-left at `at` (points) on the current page. */
export function drawOps(doc: PDFKit.PDFDocument, drawing: BadgeDrawing, assets: LayoutAssets, at: { x: number; y: number }): void {
  doc.save();
  doc.translate(at.x, at.y);
  for (const op of drawing.ops) {
    switch (op.kind) {
      case 'rect':
        doc.rect(op.x, op.y, op.width, op.height).fill(op.color);
        break;
      case 'image': {
        const image = openedImage(doc, assets[op.image]!);
        const box: [number, number] = [op.width, op.height];
        doc.save();
        doc.rect(op.x, op.y, op.width, op.height).clip();
        doc.image(image, op.x, op.y, { ...(op.fit === 'cover' ? { cover: box } : { fit: box }), align: 'center', valign: 'center' });
        doc.restore();
        break;
      }
      case 'text':
        doc.fillColor(op.color);
        for (const run of op.runs) {
          doc.font(pdfFontName(run.font)).fontSize(op.size).text(run.text, run.x, op.baseline, { lineBreak: false, baseline: 'alphabetic' });
        }
        break;
      case 'qr':
        for (const cell of op.cells) doc.rect(cell.x, cell.y, cell.width, cell.height);
        doc.fill('#000000');
        break;
    }
  }
  doc.restore();
}

/** Draws one badge with its top-left at (x, y) points on the current page of doc. */
export function drawBadge(
  doc: PDFKit.PDFDocument,
  layout: BadgeLayoutDesign,
  face: BadgeFace,
  assets: LayoutAssets,
  at: { x: number; y: number },
): void {
  drawOps(doc, layoutBadge(layout, face, assets), assets, at);
}
