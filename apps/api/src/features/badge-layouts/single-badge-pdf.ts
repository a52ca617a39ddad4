import PDFDocument from 'pdfkit';
import type { Database } from '../../db/client';
import type { FilesService } from '../files/files.service';
import { faceOf } from './badge-faces';
import * as repo from './badge-layouts.repository';
import { layoutAssets } from './layout-assets';
import { chooseLayout } from './layout-resolution';
import { badgeSizePt, drawBadge, registerBadgeFonts } from './render';

/**
 * One badge as a PDF of its own size, drawn with the layout it resolves to now: the download
 * (`badge.pdf`) and the e-badge a mail carries. Without a file store the layout's pictures are
 * left out.
 */
export async function singleBadgePdf(db: Database, files: FilesService | undefined, row: repo.FaceRow): Promise<PDFKit.PDFDocument> {
  const [layouts, assignments] = await Promise.all([repo.listLayouts(db, row.eventId), repo.listAssignments(db, row.eventId)]);
  const layout = chooseLayout(row, assignments, layouts);
  const assets = 'id' in layout && files ? await layoutAssets(db, files)(layout) : {};
  const size = badgeSizePt(layout);
  const doc = new PDFDocument({ size: [size.width, size.height], margin: 0, info: { Title: `Badge ${row.code}` } });
  registerBadgeFonts(doc);
  drawBadge(doc, layout, faceOf(row), assets, { x: 0, y: 0 });
  doc.end();
  return doc;
}
