import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfText {
  pages: number;
  /** Each page's text, its runs joined by spaces (PDF streams are compressed: this is what a reader sees). */
  pageTexts: string[];
}

/** The text of a PDF as PDF.js reads it (the legacy build, which runs under Node without a canvas). */
export async function readPdfText(bytes: Uint8Array): Promise<PdfText> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  try {
    const pageTexts: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      pageTexts.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .join(' ')
          .replace(/\s+/g, ' ')
          .trim(),
      );
    }
    return { pages: document.numPages, pageTexts };
  } finally {
    await document.destroy();
  }
}
