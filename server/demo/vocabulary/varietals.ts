export type WineStyle = 'red' | 'white' | 'rose' | 'sparkling' | 'sweet';

export interface Varietal {
  name: string;
  style: WineStyle;
  /** Typical alcohol, percent. */
  abv: readonly [number, number];
}

const v = (name: string, style: WineStyle, abv: readonly [number, number]): Varietal => ({ name, style, abv });

/** Varietals by the name the catalog shows; regions refer to them by that name. */
export const VARIETALS: Record<string, Varietal> = Object.fromEntries(
  [
    v('Cabernet Sauvignon', 'red', [13.8, 15.2]),
    v('Merlot', 'red', [13.5, 14.8]),
    v('Pinot Noir', 'red', [12.8, 14.2]),
    v('Zinfandel', 'red', [14.2, 15.8]),
    v('Syrah', 'red', [13.5, 15.0]),
    v('Shiraz', 'red', [14.0, 15.2]),
    v('Grenache', 'red', [14.0, 15.5]),
    v('Petite Sirah', 'red', [14.0, 15.3]),
    v('Cabernet Franc', 'red', [12.8, 14.3]),
    v('Malbec', 'red', [13.5, 14.8]),
    v('Tempranillo', 'red', [13.5, 14.8]),
    v('Sangiovese', 'red', [13.0, 14.5]),
    v('Nebbiolo', 'red', [13.8, 14.8]),
    v('Barbera', 'red', [13.0, 14.5]),
    v('Carménère', 'red', [13.5, 14.5]),
    v('Mourvèdre', 'red', [13.8, 15.0]),
    v('Red Blend', 'red', [13.5, 15.0]),
    v('Corvina', 'red', [12.5, 16.0]),
    v('Touriga Nacional', 'red', [13.5, 14.5]),
    v('Pinotage', 'red', [13.5, 14.5]),
    v('Tannat', 'red', [13.5, 14.8]),
    v('Chardonnay', 'white', [12.8, 14.5]),
    v('Sauvignon Blanc', 'white', [12.5, 13.8]),
    v('Riesling', 'white', [8.0, 12.8]),
    v('Pinot Gris', 'white', [12.5, 13.8]),
    v('Chenin Blanc', 'white', [12.0, 13.5]),
    v('Viognier', 'white', [13.5, 14.8]),
    v('Albariño', 'white', [12.0, 13.2]),
    v('Grüner Veltliner', 'white', [11.5, 13.0]),
    v('Gewürztraminer', 'white', [12.0, 14.0]),
    v('Vermentino', 'white', [12.0, 13.5]),
    v('Garganega', 'white', [11.5, 12.8]),
    v('Torrontés', 'white', [13.0, 14.0]),
    v('Melon de Bourgogne', 'white', [11.5, 12.5]),
    v('Rosé', 'rose', [12.0, 13.5]),
    v('Sparkling Brut', 'sparkling', [11.5, 12.5]),
    v('Glera', 'sparkling', [10.5, 11.5]),
    v('Moscato', 'sweet', [5.0, 6.5]),
  ].map((varietal) => [varietal.name, varietal]),
);
