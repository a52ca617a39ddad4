import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { BillingDocument } from '@portal/shared/allocation-purchases';
import { documentFigures, type DocumentFigures } from '@portal/shared/billing-documents';
import { addressLines } from '@portal/shared/invoicing';
import { formatInvoiceAmount } from '@portal/shared/money';
import { showsVat, taxNotes, taxRowLabel } from '@portal/shared/vat';
import PDFDocument from 'pdfkit';
import { eInvoiceXmlOrNull, FACTUR_X_FILE_NAME } from './e-invoice';
import { fontSource } from '../../lib/shared-pdf-fonts';
import { parsedFonts, type FontName } from './pdf-fonts';

/**
 * The server's rendering of an invoice or credit note: a vector A4 PDF/A-3b with selectable text,
 * the same content as the web's `InvoiceDocument`. Text is set in DejaVu Sans, embedded and
 * subset, which covers Latin with every diacritic, Greek and Cyrillic, so names read back as typed.
 *
 * The page is drawn by a list of sections, top to bottom, each from the frozen document alone: a
 * block the document gains (tax lines per rate, say) is one more section in `SECTIONS`.
 */

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const GAP = 24;

const COLORS = {
  text: '#111827',
  muted: '#6b7280',
  rule: '#d1d5db',
  status: {
    PAID: '#15803d',
    PENDING: '#b45309',
    CANCELLED: '#b91c1c',
    CREDITED: '#1d4ed8',
  } satisfies Record<BillingDocument['status'], string>,
};

/** Issue dates as on paper, as the web draws them: "26 November 2026", the day in UTC. */
const issueDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

type Page = PDFKit.PDFDocument;

/** What every section reads: the document, its figures with the spec's fallbacks, its money as text. */
type Context = {
  document: BillingDocument;
  figures: DocumentFigures;
  isCreditNote: boolean;
  title: string;
  money: (minorUnits: number) => string;
  /** The issuer's logo (PNG or JPEG bytes), when the document shows one. */
  logo?: Buffer;
};

type Section = (page: Page, context: Context) => void;

const bottom = (page: Page) => page.page.height - page.page.margins.bottom;

/** Starts a new page when `height` points do not fit below the cursor. */
function keepTogether(page: Page, height: number) {
  if (page.y + height > bottom(page)) page.addPage();
}

function style(page: Page, font: FontName, size: number, color = COLORS.text) {
  return page.font(font).fontSize(size).fillColor(color);
}

/** A small uppercase heading, as the web's section headings. */
function heading(page: Page, text: string) {
  style(page, 'bold', 8, COLORS.muted).text(text.toUpperCase(), MARGIN, page.y, {
    width: CONTENT_WIDTH,
    characterSpacing: 0.6,
  });
  page.moveDown(0.4);
}

function rule(page: Page, y: number) {
  page
    .moveTo(MARGIN, y)
    .lineTo(A4.width - MARGIN, y)
    .lineWidth(0.75)
    .strokeColor(COLORS.rule)
    .stroke();
}

const LOGO_BOX = { width: 140, height: 50 };

/** The issuer's logo at the top left, above the title, fitted into its box with its proportions kept. */
const logo: Section = (page, { logo: image }) => {
  if (!image) return;
  const top = page.y;
  page.image(image, MARGIN, top, { fit: [LOGO_BOX.width, LOGO_BOX.height] });
  page.y = top + LOGO_BOX.height + 12;
};

/** Title and event on the left; number, dates, event and the credited invoice on the right. */
const header: Section = (page, { document, figures, isCreditNote, title }) => {
  const top = page.y;
  const leftWidth = CONTENT_WIDTH * 0.5 - 8;
  style(page, 'bold', 20).text(title.toUpperCase(), MARGIN, top, { width: leftWidth, characterSpacing: 0.5 });
  page.moveDown(0.2);
  style(page, 'regular', 10, COLORS.muted).text(figures.eventName, { width: leftWidth });
  const leftBottom = page.y;

  const day = (iso: string) => issueDate.format(new Date(iso));
  const supply = document.supplyPeriod;
  const facts: [string, string | null][] = [
    [isCreditNote ? 'Credit note ID' : 'Invoice ID', document.number],
    ['Date', day(document.issuedAt)],
    ['Event', figures.eventName],
    [
      'Supply date',
      supply && (supply.start === supply.end ? day(supply.start) : `${day(supply.start)} – ${day(supply.end)}`),
    ],
    // As the web shows it: a due date only while payment is awaited.
    ['Due date', document.status === 'PENDING' && document.dueDate ? day(document.dueDate) : null],
    ['Paid on', document.paidAt && day(document.paidAt)],
    ['Credits invoice', document.creditedInvoiceNumber],
  ];
  const labelWidth = 90;
  const valueWidth = CONTENT_WIDTH * 0.5 - labelWidth - 8;
  const labelX = MARGIN + CONTENT_WIDTH * 0.5;
  const valueX = labelX + labelWidth + 8;
  let y = top;
  for (const [label, value] of facts) {
    if (!value) continue;
    const bold = label.endsWith('ID');
    style(page, bold ? 'bold' : 'regular', 10);
    const height = Math.max(page.heightOfString(value, { width: valueWidth }), page.currentLineHeight(true));
    style(page, 'regular', 10, COLORS.muted).text(label, labelX, y, { width: labelWidth, align: 'right' });
    style(page, bold ? 'bold' : 'regular', 10).text(value, valueX, y, { width: valueWidth, align: 'right' });
    y += height + 3;
  }
  page.y = Math.max(leftBottom, y) + 12;
  rule(page, page.y);
  page.y += GAP;
};

type Line = { text: string; font?: FontName; muted?: boolean };

/** A block of lines under a small heading, in a column; answers where it ends. */
function block(page: Page, x: number, y: number, width: number, title: string, lines: Line[]): number {
  style(page, 'bold', 8, COLORS.muted).text(title.toUpperCase(), x, y, { width, characterSpacing: 0.6 });
  page.y += 4;
  for (const { text, font = 'regular', muted = false } of lines) {
    style(page, font, font === 'bold' ? 11 : 10, muted ? COLORS.muted : COLORS.text).text(text, x, page.y, { width });
  }
  return page.y;
}

/**
 * The seller and the buyer as frozen at issue, side by side: the organiser's legal entity (name,
 * address, country, VAT ID, registration number, bank, contact) and the bill-to company, contact,
 * email, address, VAT number and the buyer's reference. Documents issued before the issuer was recorded show bill-to alone.
 */
const parties: Section = (page, { document, figures }) => {
  const { issuer } = document;
  const { vatNumber } = document.billTo;
  const billTo: Line[] = [
    { text: figures.companyName, font: 'bold' },
    { text: figures.contactName },
    { text: figures.email },
    ...addressLines(document.billTo).map((text) => ({ text, muted: true })),
    ...(vatNumber ? [{ text: `VAT ${vatNumber}`, muted: true }] : []),
    ...(document.buyerReference ? [{ text: `Your reference ${document.buyerReference}`, muted: true }] : []),
  ];
  keepTogether(page, 120);
  const top = page.y;
  if (!issuer) {
    page.y = block(page, MARGIN, top, CONTENT_WIDTH, 'Bill to', billTo) + GAP;
    return;
  }
  const contact = [issuer.contactName, issuer.email, issuer.phone].filter(Boolean).join(' · ');
  const issuedBy: Line[] = [
    ...(issuer.name ? [{ text: issuer.name, font: 'bold' as const }] : []),
    ...addressLines(issuer).map((text) => ({ text })),
    ...(issuer.country ? [{ text: issuer.country }] : []),
    ...(issuer.vatId ? [{ text: `VAT ${issuer.vatId}`, muted: true }] : []),
    ...(issuer.registrationNumber ? [{ text: `Reg. no. ${issuer.registrationNumber}`, muted: true }] : []),
    ...(issuer.iban ? [{ text: `IBAN ${issuer.iban}${issuer.bic ? ` · BIC ${issuer.bic}` : ''}`, muted: true }] : []),
    ...(contact ? [{ text: contact, muted: true }] : []),
  ];
  const width = CONTENT_WIDTH / 2 - 12;
  const left = block(page, MARGIN, top, width, 'Issued by', issuedBy);
  const right = block(page, MARGIN + CONTENT_WIDTH / 2 + 12, top, width, 'Bill to', billTo);
  page.y = Math.max(left, right) + GAP;
};

/** Description, quantity, unit price and total: every line of the document, a row each. */
const lineTable: Section = (page, { document, figures, money }) => {
  const columns = [
    { label: 'Description', width: CONTENT_WIDTH - 3 * 95, align: 'left' as const },
    { label: 'Quantity', width: 95, align: 'right' as const },
    { label: 'Unit price', width: 95, align: 'right' as const },
    { label: 'Total', width: 95, align: 'right' as const },
  ];
  const padding = 6;
  /** A row, on a new page (after `continued`, the heading again) when it does not fit below. */
  const drawRow = (cells: string[], font: FontName, size: number, color: string, continued?: () => void) => {
    style(page, font, size, color);
    const height =
      Math.max(...cells.map((cell, i) => page.heightOfString(cell, { width: columns[i]!.width - padding }))) +
      2 * padding;
    if (page.y + height > bottom(page)) {
      page.addPage();
      continued?.();
      style(page, font, size, color);
    }
    const y = page.y;
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      const inset = column.align === 'left' ? 0 : padding;
      page.text(cell, x + inset, y + padding, { width: column.width - padding, align: column.align });
      x += column.width;
    });
    page.y = y + height;
    rule(page, page.y);
  };
  const drawHead = () =>
    drawRow(
      columns.map((column) => column.label.toUpperCase()),
      'bold',
      8,
      COLORS.muted,
    );

  keepTogether(page, 60);
  drawHead();
  // The first line's description falls back to the spec's default (through the figures).
  document.lines.forEach((line, index) => {
    drawRow(
      [
        index === 0 ? figures.description : line.description,
        String(line.quantity),
        money(line.unitPrice),
        money(line.total),
      ],
      'regular',
      10,
      COLORS.text,
      drawHead,
    );
  });
  page.y += GAP;
};

/**
 * Net, VAT and gross per rate, then the totals without and with VAT, right-aligned under the
 * lines; with the legal wording for what carries no VAT (reverse charge, exemption). Documents
 * outside VAT keep the spec's layout: the total alone.
 */
const vatBreakdown: Section = (page, { document, money }) => {
  const { tax } = document;
  if (!showsVat(tax)) return;
  const rows: [string, string][] = [
    ...tax.breakdown.map((row): [string, string] => [`${taxRowLabel(row)} on ${money(row.net)}`, money(row.tax)]),
    ['Total net', money(tax.net)],
    ['Total VAT', money(tax.tax)],
  ];
  keepTogether(page, rows.length * 16 + 20);
  const labelWidth = 260;
  const valueWidth = 110;
  const right = A4.width - MARGIN;
  for (const [label, value] of rows) {
    const y = page.y;
    style(page, 'regular', 10, COLORS.muted).text(label, right - valueWidth - labelWidth, y, { width: labelWidth, align: 'right' });
    style(page, 'regular', 10).text(value, right - valueWidth, y, { width: valueWidth, align: 'right' });
    page.y = y + 16;
  }
  for (const note of taxNotes(tax)) {
    style(page, 'regular', 9, COLORS.muted).text(note, MARGIN, page.y + 4, { width: CONTENT_WIDTH });
  }
  page.x = MARGIN;
  page.y += GAP / 2;
};

/** The status stamp on the left, the total on the right. */
const totals: Section = (page, { figures, isCreditNote, money }) => {
  keepTogether(page, 40);
  const y = page.y;
  const label = isCreditNote ? 'Status' : 'Payment status';
  style(page, 'regular', 10, COLORS.muted).text(label, MARGIN, y + 6, { lineBreak: false });
  const stampX = MARGIN + page.widthOfString(label) + 10;
  const color = COLORS.status[figures.status];
  style(page, 'bold', 12, color);
  // No letter spacing: text extraction would read "P A I D".
  const stampWidth = page.widthOfString(figures.status) + 20;
  page.roundedRect(stampX, y, stampWidth, 24, 4).lineWidth(1.5).strokeColor(color).stroke();
  page.text(figures.status, stampX + 10, y + 6, { lineBreak: false });

  const amount = money(figures.totalAmount);
  const amountWidth = style(page, 'bold', 15).widthOfString(amount);
  const right = A4.width - MARGIN;
  page.text(amount, right - amountWidth, y + 3, { lineBreak: false });
  const totalLabel = isCreditNote ? 'Total credited' : 'Total amount';
  style(page, 'regular', 10, COLORS.muted);
  page.text(totalLabel, right - amountWidth - 10 - page.widthOfString(totalLabel), y + 6, { lineBreak: false });
  page.x = MARGIN;
  page.y = y + 24 + GAP;
};

/** "Cancelled by credit note …", with the invoice replacing it when there is one. */
const cancellation: Section = (page, { document }) => {
  if (!document.cancelledByCreditNoteNumber) return;
  const text =
    `Cancelled by credit note ${document.cancelledByCreditNoteNumber}` +
    (document.replacedByInvoiceNumber ? `; invoice ${document.replacedByInvoiceNumber} replaces it.` : '.');
  style(page, 'regular', 10, COLORS.status.CANCELLED);
  const height = page.heightOfString(text, { width: CONTENT_WIDTH - 20 }) + 14;
  keepTogether(page, height);
  const y = page.y;
  page.roundedRect(MARGIN, y, CONTENT_WIDTH, height, 4).lineWidth(0.75).strokeColor(COLORS.status.CANCELLED).stroke();
  page.text(text, MARGIN + 10, y + 7, { width: CONTENT_WIDTH - 20 });
  page.y = y + height + GAP;
};

const notes: Section = (page, { document }) => {
  if (!document.notes) return;
  keepTogether(page, 40);
  heading(page, 'Notes');
  style(page, 'regular', 10).text(document.notes, MARGIN, page.y, { width: CONTENT_WIDTH });
};

/** The event's invoice footer as at issue: small, under a rule, at the foot of the last page. */
const footer: Section = (page, { document }) => {
  if (!document.footer) return;
  style(page, 'regular', 8, COLORS.muted);
  const height = page.heightOfString(document.footer, { width: CONTENT_WIDTH }) + 12;
  keepTogether(page, height + GAP);
  // At the foot of the page, as on paper; below the content when that reaches further.
  page.y = Math.max(page.y + GAP, bottom(page) - height);
  rule(page, page.y);
  page.text(document.footer, MARGIN, page.y + 8, { width: CONTENT_WIDTH });
};

const SECTIONS: readonly Section[] = [logo, header, parties, lineTable, vatBreakdown, totals, cancellation, notes, footer];

/** The Factur-X 1.0 properties and the PDF/A extension schema that declares them (Factur-X 1.07, §6.2.2). */
const FACTUR_X_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';
const FACTUR_X_PROPERTIES = [
  ['DocumentFileName', 'The name of the embedded XML document'],
  ['DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'],
  ['Version', 'The actual version of the standard applying to the embedded XML document'],
  ['ConformanceLevel', 'The conformance level of the embedded XML document'],
] as const;
const FACTUR_X_XMP = `
        <rdf:Description xmlns:fx="${FACTUR_X_NAMESPACE}" rdf:about="">
            <fx:DocumentType>INVOICE</fx:DocumentType>
            <fx:DocumentFileName>${FACTUR_X_FILE_NAME}</fx:DocumentFileName>
            <fx:Version>1.0</fx:Version>
            <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
        </rdf:Description>
        <rdf:Description xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#" rdf:about="">
            <pdfaExtension:schemas>
                <rdf:Bag>
                    <rdf:li rdf:parseType="Resource">
                        <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                        <pdfaSchema:namespaceURI>${FACTUR_X_NAMESPACE}</pdfaSchema:namespaceURI>
                        <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                        <pdfaSchema:property>
                            <rdf:Seq>${FACTUR_X_PROPERTIES.map(
                              ([name, description]) => `
                                <rdf:li rdf:parseType="Resource">
                                    <pdfaProperty:name>${name}</pdfaProperty:name>
                                    <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                                    <pdfaProperty:category>external</pdfaProperty:category>
                                    <pdfaProperty:description>${description}</pdfaProperty:description>
                                </rdf:li>`,
                            ).join('')}
                            </rdf:Seq>
                        </pdfaSchema:property>
                    </rdf:li>
                </rdf:Bag>
            </pdfaExtension:schemas>
        </rdf:Description>
        `;

/** pdfkit writes `AFRelationship` from this option; its types do not list it. */
type AssociatedFileOptions = PDFKit.Mixins.PDFAttachmentOptions & { relationship: 'Alternative' };

/**
 * Embeds the e-invoice as Factur-X asks of a PDF/A-3: an associated file of the document named
 * `factur-x.xml`, an alternative representation of the pages, announced in the XMP metadata.
 */
function embedEInvoice(page: Page, xml: string, issuedAt: Date) {
  const options: AssociatedFileOptions = {
    name: FACTUR_X_FILE_NAME,
    type: 'text/xml',
    description: 'Factur-X invoice, profile EN 16931',
    relationship: 'Alternative',
    creationDate: issuedAt,
    modifiedDate: issuedAt,
  };
  page.file(Buffer.from(xml, 'utf8'), options);
  page.appendXML(FACTUR_X_XMP);
}

/**
 * Renders the document as a PDF stream, with its EN 16931 XML embedded when it can be one. The
 * pages are drawn at once (a document is a page or two) and read out as the stream is consumed;
 * callers rendering many take one at a time.
 */
export function renderDocumentPdf(
  document: BillingDocument,
  { logo, xml = eInvoiceXmlOrNull(document) }: { logo?: Buffer; xml?: string | null } = {},
): Readable {
  const isCreditNote = document.kind === 'credit_note';
  const title = isCreditNote ? 'Credit note' : 'Invoice';
  const page = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    lang: 'en',
    displayTitle: true,
    // No default font: pdfkit would read and parse Helvetica's metrics for every document, never to
    // draw with it (PDF/A wants every font embedded; the page sets its own before any text).
    font: null as unknown as string,
    info: {
      Title: `${title} ${document.number}`,
      Subject: document.eventName,
      CreationDate: new Date(document.issuedAt),
    },
  });
  for (const [name, font] of Object.entries(parsedFonts())) page.registerFont(name, fontSource(font));
  const context: Context = {
    document,
    figures: documentFigures(document),
    isCreditNote,
    title,
    money: (minorUnits) => formatInvoiceAmount(minorUnits, document.currency),
    logo,
  };
  for (const section of SECTIONS) section(page, context);
  // A document that cannot be an EN 16931 invoice (no issuer, say) is still a complete PDF.
  if (xml) embedEInvoice(page, xml, new Date(document.issuedAt));
  page.end();
  return page;
}

/** A document's files as its archive holds them: the PDF with its e-invoice inside, and that e-invoice (null when it cannot be one). */
export type DocumentFiles = { pdf: Buffer; xml: string | null };

/** Draws the PDF and writes its e-invoice once, for the PDF and for its own entry. */
export async function renderDocumentFiles(document: BillingDocument, logo?: Buffer): Promise<DocumentFiles> {
  const xml = eInvoiceXmlOrNull(document);
  return { pdf: await buffer(renderDocumentPdf(document, { logo, xml })), xml };
}
