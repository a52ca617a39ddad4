import type { BadgeLayoutDesign } from '@portal/shared/badge-layouts';
import { badgePageMm } from '@portal/shared/badge-layouts';
import { SVG_FONT_FAMILIES } from './fonts';
import { layoutBadge, type BadgeDrawing, type BadgeFace, type LayoutAssets } from './engine';

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);

/** Points to three decimals: enough for a thousandth of a millimetre, short enough to read. */
const n = (value: number) => String(Math.round(value * 1000) / 1000);

function dataUri(bytes: Buffer): string {
  const type = bytes[0] === 0x89 && bytes[1] === 0x50 ? 'image/png' : 'image/jpeg';
  return `data:${type};base64,${bytes.toString('base64')}`;
}

/**
 * The SVG of a badge's operations, in points (its size in mm). Each run of text is its own element
 * at the x the engine computed, stretched to the engine's width (`textLength`), so the browser's
 * glyph widths cannot move or widen a line even where it sets the run in another font.
 */
export function svgOfDrawing(drawing: BadgeDrawing, assets: LayoutAssets, size: { widthMm: number; heightMm: number }): string {
  const parts: string[] = [];
  for (const op of drawing.ops) {
    switch (op.kind) {
      case 'rect':
        parts.push(`<rect x="${n(op.x)}" y="${n(op.y)}" width="${n(op.width)}" height="${n(op.height)}" fill="${op.color}"/>`);
        break;
      case 'image': {
        const aspect = op.fit === 'cover' ? 'xMidYMid slice' : 'xMidYMid meet';
        parts.push(`<image x="${n(op.x)}" y="${n(op.y)}" width="${n(op.width)}" height="${n(op.height)}" preserveAspectRatio="${aspect}" href="${dataUri(assets[op.image]!)}"/>`);
        break;
      }
      case 'text':
        for (const run of op.runs) {
          const { family, weight } = SVG_FONT_FAMILIES[run.font];
          const stretch = run.width > 0 ? ` textLength="${n(run.width)}" lengthAdjust="spacingAndGlyphs"` : '';
          parts.push(
            `<text x="${n(run.x)}" y="${n(op.baseline)}" font-family="${escapeXml(family)}" font-weight="${weight}" font-size="${n(op.size)}" fill="${op.color}" xml:space="preserve"${stretch}>${escapeXml(run.text)}</text>`,
          );
        }
        break;
      case 'qr':
        parts.push(`<path fill="#000000" shape-rendering="crispEdges" d="${op.cells.map((c) => `M${n(c.x)} ${n(c.y)}h${n(c.width)}v${n(c.height)}h-${n(c.width)}z`).join('')}"/>`);
        break;
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.widthMm}mm" height="${size.heightMm}mm" viewBox="0 0 ${n(drawing.width)} ${n(drawing.height)}">` +
    `<rect width="100%" height="100%" fill="#ffffff"/>${parts.join('')}</svg>`
  );
}

/** The preview of a badge, from the same engine as the print. */
export function badgeSvg(layout: BadgeLayoutDesign, face: BadgeFace, assets: LayoutAssets): string {
  return svgOfDrawing(layoutBadge(layout, face, assets), assets, badgePageMm(layout.pageSize, layout.orientation));
}
