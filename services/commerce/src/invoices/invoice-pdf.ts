import { BRAND_LEGAL, INVOICE_TAX_NOTE, type Money } from '@portal/contracts';
import PDFDocument from 'pdfkit';

/** What an invoice shows: the same figures as the order's detail in the dashboard. */
export interface InvoiceData {
  number: string;
  issuedAt: Date;
  paidAt: Date;
  orderId: string;
  /** Who is billed: the organization, by its name once commerce learnt it from identity, and its id. */
  billedTo: { organizationId: string; name: string | null };
  lines: { description: string; quantity: number; unitPrice: Money }[];
  subtotal: Money;
  tax: Money;
  total: Money;
  amountPaid: Money;
  amountRefunded: Money;
  paymentReference: string | null;
}

export type PaperSize = 'letter' | 'a4';

const paper: Record<PaperSize, string> = { letter: 'LETTER', a4: 'A4' };
const ink = '#111827';
const muted = '#4b5563';
const accent = '#1d4ed8';
const rule = '#d1d5db';
const MARGIN = 54;

/** "1499.00" → 149900, read from the digits (the contracts' `moneyToCents` validates with zod: too slow per line). */
function cents(money: Money): number {
  const match = /^(\d+)\.(\d{2})$/.exec(money);
  if (!match) throw new RangeError(`Not an amount such as 1499.00: ${money}`);
  return Number(match[1]) * 100 + Number(match[2]);
}

/** 149900 → "$1,499.00". */
function dollars(amount: number): string {
  const whole = String(Math.floor(amount / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${whole}.${String(amount % 100).padStart(2, '0')}`;
}

const usd = (money: Money) => dollars(cents(money));

const longDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
/** "November 24, 2026" (UTC: the invoice reads the same wherever it is opened). */
const day = (date: Date) => longDate.format(date);

/** What pdfkit's standard fonts can show beyond Latin-1: the other characters of Windows-1252. */
const winAnsiExtras = new Set('ŒœŠšŸŽžƒˆ˜–—‘’‚“”„†‡•…‰‹›€™');
const showable = (char: string) => {
  const code = char.charCodeAt(0);
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(char);
};

/**
 * Text the standard fonts can draw (they encode Windows-1252 only, and write anything else as broken
 * codes): a character outside it is drawn without its accents when that brings it inside ("ź" → "z"),
 * else as "?" ("Ł", "東"). For names customers typed; the invoice's own text is all inside it.
 */
export function drawableText(text: string): string {
  let drawable = '';
  for (const char of text.normalize('NFC')) {
    if (showable(char)) drawable += char;
    else {
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      drawable += base !== '' && [...base].every(showable) ? base : '?';
    }
  }
  return drawable;
}

/**
 * Renders the invoice as a PDF (text, not an image: searchable and selectable), US Letter or A4, with
 * the seller as the legal pages name it, line items over as many pages as they need (the table's
 * header repeated on each), the tax line at 0 with its note, the paid date and "Page n of m".
 */
export function renderInvoicePdf(invoice: InvoiceData, size: PaperSize = 'letter'): Promise<Buffer> {
  const doc = new PDFDocument({
    size: paper[size],
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `Invoice ${invoice.number}`,
      Author: BRAND_LEGAL.legalName,
      Subject: `Invoice ${invoice.number} for order ${invoice.orderId}`,
      CreationDate: invoice.issuedAt,
    },
    pdfVersion: '1.7',
    lang: 'en-US',
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = MARGIN;
  const width = doc.page.width - MARGIN * 2;
  const right = left + width;
  const bottom = () => doc.page.height - MARGIN - 24;

  // Seller and title.
  doc.fillColor(accent).font('Helvetica-Bold').fontSize(22).text(BRAND_LEGAL.legalName, left, MARGIN);
  doc.fillColor(muted).font('Helvetica').fontSize(10);
  for (const line of [...BRAND_LEGAL.addressLines, BRAND_LEGAL.email, BRAND_LEGAL.website]) doc.text(line);
  doc
    .fillColor(ink)
    .font('Helvetica-Bold')
    .fontSize(26)
    .text('INVOICE', left, MARGIN, { width, align: 'right' });
  doc.font('Helvetica').fontSize(10).fillColor(ink);
  const facts: [string, string][] = [
    ['Invoice number', invoice.number],
    ['Invoice date', day(invoice.issuedAt)],
    ['Paid', day(invoice.paidAt)],
    ['Order', invoice.orderId],
  ];
  let y = MARGIN + 36;
  for (const [label, value] of facts) {
    doc.fillColor(muted).text(label, right - 310, y, { width: 100, align: 'right' });
    doc.fillColor(ink).text(value, right - 200, y, { width: 200, align: 'right' });
    y += 14;
  }
  y = Math.max(y, doc.y) + 22;

  doc.fillColor(muted).font('Helvetica-Bold').fontSize(9).text('BILLED TO', left, y);
  const billedTo =
    invoice.billedTo.name === null ? 'Customer organization' : drawableText(invoice.billedTo.name);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(ink)
    .text(billedTo, left, y + 13, { width: width / 2 - 12 });
  // On the line of the payment's reference, or under a name that wrapped.
  doc.fillColor(muted).text(invoice.billedTo.organizationId, left, Math.max(doc.y, y + 26));
  const billedToEnd = doc.y;
  doc
    .fillColor(muted)
    .font('Helvetica-Bold')
    .fontSize(9)
    .text('PAYMENT', left + width / 2, y);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(ink)
    .text(`Paid by card on ${day(invoice.paidAt)}`, left + width / 2, y + 13);
  if (invoice.paymentReference)
    doc.fillColor(muted).text(`Reference ${invoice.paymentReference}`, left + width / 2, y + 26);
  y = Math.max(y + 56, billedToEnd + 18);

  // Line items.
  const columns = {
    description: { x: left, width: width - 250 },
    quantity: { x: right - 250, width: 50 },
    unit: { x: right - 190, width: 90 },
    amount: { x: right - 90, width: 90 },
  };
  const header = () => {
    doc.font('Helvetica-Bold').fontSize(9).fillColor(muted);
    doc.text('DESCRIPTION', columns.description.x, y, { width: columns.description.width });
    doc.text('QTY', columns.quantity.x, y, { width: columns.quantity.width, align: 'right' });
    doc.text('UNIT PRICE', columns.unit.x, y, { width: columns.unit.width, align: 'right' });
    doc.text('AMOUNT', columns.amount.x, y, { width: columns.amount.width, align: 'right' });
    y += 14;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.75).strokeColor(rule).stroke();
    y += 6;
    doc.font('Helvetica').fontSize(10).fillColor(ink);
  };
  header();
  /** One line of text without pdfkit's line wrapping (a cell that fits), left or right aligned. */
  const cell = (text: string, column: { x: number; width: number }, at: number, align: 'left' | 'right') => {
    const x = align === 'right' ? column.x + column.width - doc.widthOfString(text) : column.x;
    doc.text(text, x, at, { lineBreak: false });
  };
  for (const line of invoice.lines) {
    doc.font('Helvetica').fontSize(10);
    // Most descriptions fit on one line: only a long one is measured as wrapped text.
    const fits = doc.widthOfString(line.description) <= columns.description.width;
    const descriptionHeight = fits
      ? 12
      : doc.heightOfString(line.description, { width: columns.description.width });
    const height = descriptionHeight + 10.5 + 8;
    if (y + height > bottom()) {
      doc.addPage();
      y = MARGIN;
      header();
    }
    const unitCents = cents(line.unitPrice);
    doc.fillColor(ink);
    if (fits) cell(line.description, columns.description, y, 'left');
    else doc.text(line.description, columns.description.x, y, { width: columns.description.width });
    cell(String(line.quantity), columns.quantity, y, 'right');
    cell(dollars(unitCents), columns.unit, y, 'right');
    cell(dollars(unitCents * line.quantity), columns.amount, y, 'right');
    doc.fillColor(muted).fontSize(8.5);
    cell('Monthly service', columns.description, y + descriptionHeight, 'left');
    y += height;
    doc
      .moveTo(left, y - 4)
      .lineTo(right, y - 4)
      .lineWidth(0.5)
      .strokeColor(rule)
      .stroke();
  }
  doc.font('Helvetica').fontSize(10).fillColor(ink);

  // Totals, the tax note and the terms: kept together on one page.
  const totals: [string, string, boolean][] = [
    ['Subtotal', usd(invoice.subtotal), false],
    ['Sales tax (0%)', usd(invoice.tax), false],
    ['Total', usd(invoice.total), true],
    [`Paid ${day(invoice.paidAt)}`, `-${usd(invoice.amountPaid)}`, false],
    ['Balance due', usd('0.00'), true],
  ];
  if (cents(invoice.amountRefunded) > 0)
    totals.push(['Refunded to your card', usd(invoice.amountRefunded), false]);
  const noteHeight = doc.heightOfString(INVOICE_TAX_NOTE, { width }) + 40;
  if (y + totals.length * 18 + noteHeight + 20 > bottom()) {
    doc.addPage();
    y = MARGIN;
  }
  y += 8;
  for (const [label, value, strong] of totals) {
    doc
      .font(strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(strong ? 11 : 10)
      .fillColor(ink);
    doc.text(label, right - 280, y, { width: 180, align: 'right' });
    doc.text(value, right - 90, y, { width: 90, align: 'right' });
    y += 18;
  }
  y += 12;
  doc.font('Helvetica').fontSize(8.5).fillColor(muted);
  doc.text(INVOICE_TAX_NOTE, left, y, { width });
  doc.text(
    `Invoices are due on receipt. Amounts in US dollars. Questions about this invoice: ${BRAND_LEGAL.email}.`,
    left,
    doc.y + 6,
    { width },
  );

  // Page numbers and the invoice number on every page.
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // The footer sits in the bottom margin: without the margin pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    const footerY = doc.page.height - MARGIN + 6;
    doc.font('Helvetica').fontSize(8).fillColor(muted);
    doc.text(`${BRAND_LEGAL.legalName} · Invoice ${invoice.number}`, left, footerY, {
      width,
      lineBreak: false,
    });
    doc.text(`Page ${index - range.start + 1} of ${range.count}`, left, footerY, {
      width,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.end();
  return done;
}
