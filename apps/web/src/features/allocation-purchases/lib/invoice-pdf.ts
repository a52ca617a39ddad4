import unicodeFontUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf?url';
import html2canvas from 'html2canvas-pro';
import { jsPDF } from 'jspdf';

/** Spec §9: A4 portrait, JPEG quality 0.98, scale 2. */
const PAGE = { format: 'a4', widthMm: 210, heightMm: 297 } as const;
const JPEG_QUALITY = 0.98;
const SCALE = 2;
const PT_PER_MM = 72 / 25.4;

/**
 * Draws each page element (laid out at A4 proportions) as one PDF page: the picture html2canvas
 * paints, and the same words as invisible text on top of it, so that the PDF can be searched,
 * copied from and read aloud. Pages are drawn one at a time: a whole event's invoices in one
 * canvas would pass the browser's canvas size limit.
 */
export async function renderPdf(
  pages: readonly HTMLElement[],
  onProgress?: (done: number, total: number) => void,
): Promise<Blob> {
  if (pages.length === 0) throw new Error('Nothing to draw');
  const pdf = new jsPDF({ orientation: 'portrait', unit: 'mm', format: PAGE.format, compress: true });
  await embedUnicodeFont(pdf);
  for (const [index, page] of pages.entries()) {
    if (index > 0) pdf.addPage(PAGE.format, 'portrait');
    const canvas = await html2canvas(page, {
      scale: SCALE,
      backgroundColor: '#ffffff',
      logging: false,
      // The page may sit outside the window, and the screen may be dark: the copy that is drawn
      // is brought into view and always in the light theme.
      onclone: (copy) => {
        copy.documentElement.classList.remove('dark');
        const stage = copy.querySelector<HTMLElement>('[data-invoice-stage]');
        if (stage) Object.assign(stage.style, { left: '0px', top: '0px' });
      },
    });
    const mmPerPx = fitScale(page);
    const width = page.offsetWidth * mmPerPx;
    const height = page.offsetHeight * mmPerPx;
    pdf.addImage(canvas.toDataURL('image/jpeg', JPEG_QUALITY), 'JPEG', 0, 0, width, height);
    addTextLayer(pdf, page, mmPerPx);
    onProgress?.(index + 1, pages.length);
  }
  return pdf.output('blob');
}

const UNICODE_FONT = 'DejaVuSans';

/**
 * The text layer's font: jsPDF's built-in fonts know only Windows-1252, so "Rīgas Maiznieks SIA"
 * or "Ελληνικά" would read back garbled. DejaVu Sans (Latin with diacritics, Greek, Cyrillic), the
 * server's PDF font too, is fetched with the first PDF (a cached asset of the build, not a module).
 */
async function embedUnicodeFont(pdf: jsPDF) {
  const bytes = new Uint8Array(await (await fetch(unicodeFontUrl)).arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  pdf.addFileToVFS(`${UNICODE_FONT}.ttf`, btoa(binary));
  pdf.addFont(`${UNICODE_FONT}.ttf`, UNICODE_FONT, 'normal');
  pdf.setFont(UNICODE_FONT, 'normal');
}

/** Millimetres per CSS pixel: the page's width fills the sheet's, unless its height would overflow. */
function fitScale(page: HTMLElement): number {
  return Math.min(PAGE.widthMm / page.offsetWidth, PAGE.heightMm / Math.max(page.offsetHeight, 1));
}

/** Each run of text at the place the picture shows it, in render mode "invisible". */
function addTextLayer(pdf: jsPDF, page: HTMLElement, mmPerPx: number) {
  const origin = page.getBoundingClientRect();
  const walker = page.ownerDocument.createTreeWalker(page, NodeFilter.SHOW_TEXT);
  const range = page.ownerDocument.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.replace(/\s+/g, ' ').trim();
    const parent = node.parentElement;
    if (!text || !parent) continue;
    range.selectNodeContents(node);
    const box = range.getClientRects()[0];
    if (!box) continue;
    const style = getComputedStyle(parent);
    const fontPx = Number.parseFloat(style.fontSize) || 12;
    pdf.setFontSize(fontPx * mmPerPx * PT_PER_MM);
    // The words as the reader sees them: "INVOICE", not the "Invoice" that CSS upper-cases.
    const shown = style.textTransform === 'uppercase' ? text.toUpperCase() : text;
    pdf.text(shown, (box.left - origin.left) * mmPerPx, (box.top - origin.top) * mmPerPx, {
      baseline: 'top',
      renderingMode: 'invisible',
    });
  }
}
