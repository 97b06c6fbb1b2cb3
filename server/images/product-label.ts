import type { Product } from '../../shared';

export type LabelInput = Pick<Product, 'id' | 'name' | 'brand' | 'varietal' | 'vintage' | 'region' | 'size_ml'>;

interface Palette {
  wine: string;
  label: string;
  ink: string;
}

const RED: Palette = { wine: '#5b0f1f', label: '#f4ead8', ink: '#3b0a14' };
const WHITE: Palette = { wine: '#d8c16a', label: '#fbf7ea', ink: '#4a3f12' };
const ROSE: Palette = { wine: '#e59aa5', label: '#fdf1f1', ink: '#6d2634' };
const SPARKLING: Palette = { wine: '#e9d98f', label: '#1f2a37', ink: '#f3e6b3' };
const DESSERT: Palette = { wine: '#a8651a', label: '#fff4e0', ink: '#5a3308' };

const VARIETAL_PALETTES: Array<[RegExp, Palette]> = [
  [/ros[eé]|blush|grenache ros/i, ROSE],
  [/sparkling|champagne|prosecco|cava|cr[eé]mant|brut/i, SPARKLING],
  [/port|sherry|madeira|sauternes|ice ?wine|late harvest|muscat/i, DESSERT],
  [
    /chardonnay|sauvignon blanc|riesling|pinot gris|pinot grigio|gew[uü]rztraminer|viognier|chenin|s[eé]millon|albari[nñ]o|gr[uü]ner|moscato|marsanne|roussanne|verdejo|vermentino|white/i,
    WHITE,
  ],
];

/** White, rosé, sparkling and dessert varietals get their own colours; everything else is red. */
export function paletteFor(varietal: string): Palette {
  return VARIETAL_PALETTES.find(([pattern]) => pattern.test(varietal))?.[1] ?? RED;
}

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] as string);

/** Splits a name into at most `maxLines` lines of about `width` characters, ellipsising the rest. */
export function wrapText(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= width || !current) current = candidate;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines.map((line) => (line.length > width ? `${line.slice(0, width - 1)}…` : line));
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1] as string;
  kept[maxLines - 1] = `${last.slice(0, Math.max(0, width - 1))}…`;
  return kept;
}

/** Squeezes a line that would overflow the label into the label's width. */
const fitWidth = (line: string, comfortableChars: number, width: number): string =>
  line.length > comfortableChars ? ` textLength="${width}" lengthAdjust="spacingAndGlyphs"` : '';

/** A deterministic SVG wine label: a bottle in the varietal's colour with the product's name, vintage and varietal. */
export function productLabelSvg(product: LabelInput): string {
  const palette = paletteFor(product.varietal);
  const nameLines = wrapText(product.name, 18, 3);
  const vintage = product.vintage === null ? 'NV' : String(product.vintage);
  const brand = wrapText(product.brand.toUpperCase(), 24, 1)[0] ?? '';
  const nameText = nameLines
    .map(
      (line, index) =>
        `<text x="150" y="${228 + index * 22}" font-size="18" font-weight="700"${fitWidth(line, 14, 144)}>${escapeXml(line)}</text>`,
    )
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400" viewBox="0 0 300 400" role="img" aria-label="${escapeXml(`${product.name} ${vintage} ${product.varietal}`)}">`,
    `<rect width="300" height="400" fill="#f7f4ef"/>`,
    `<path d="M128 20h44v70c0 20 38 34 38 74v206a10 10 0 0 1-10 10H100a10 10 0 0 1-10-10V164c0-40 38-54 38-74z" fill="${palette.wine}"/>`,
    `<rect x="128" y="20" width="44" height="26" fill="#2b2b2b"/>`,
    `<g font-family="Georgia, 'Times New Roman', serif" text-anchor="middle" fill="${palette.ink}">`,
    `<rect x="72" y="176" width="156" height="168" rx="6" fill="${palette.label}" stroke="${palette.ink}" stroke-width="2"/>`,
    `<text x="150" y="200" font-size="11" letter-spacing="1"${fitWidth(brand, 16, 144)}>${escapeXml(brand)}</text>`,
    nameText,
    `<text x="150" y="306" font-size="24" font-weight="700">${vintage}</text>`,
    `<text x="150" y="330" font-size="13" font-style="italic">${escapeXml(wrapText(product.varietal, 22, 1)[0] ?? '')}</text>`,
    `</g>`,
    `<text x="150" y="392" font-family="Helvetica, Arial, sans-serif" font-size="11" text-anchor="middle" fill="#6b6b6b">${escapeXml(wrapText(`${product.region} · ${product.size_ml} ml`, 44, 1)[0] ?? '')}</text>`,
    `</svg>`,
  ].join('');
}
