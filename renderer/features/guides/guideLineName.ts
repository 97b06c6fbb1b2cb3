import type { OrderGuideView } from '../../../shared/bridge';
import { formatWineName } from '../../../shared/format';

/** A guide line's wine with its vintage and size ("Ashby Pinot Noir 2019 · 750 ml"): a guide often holds wines of the same name. */
export function guideLineName(line: OrderGuideView['lines'][number]): string {
  const { product } = line;
  if (!product) return `A product no longer in the catalog (${line.productId})`;
  return formatWineName({ name: product.name, vintage: product.vintage, sizeMl: product.size_ml });
}
