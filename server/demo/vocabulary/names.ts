/** Parts of believable, invented winery names ("Hollow Oak Vineyards"). */
export const WINERY_FIRST = [
  'Hollow Oak', 'Silver Fern', 'Red Tail', 'Stone Ridge', 'Bramble', 'Quail Hill', 'Copper Canyon', 'Whitethorn',
  'Blue Heron', 'Iron Gate', 'Lark Meadow', 'Sable Creek', 'Cedar Bend', 'Foxglove', 'Granite Spring', 'Juniper Hollow',
  'Marrow Lane', 'Old Mill', 'Pelican Point', 'Raven Crest', 'Saltgrass', 'Tillman', 'Two Rivers', 'Wildwood',
  'Ashby', 'Bellweather', 'Calloway', 'Dunmore', 'Everly', 'Fairhaven', 'Halden', 'Kestrel', 'Larkin', 'Morrow',
  'Northgate', 'Oriel', 'Pruitt', 'Redfield', 'Sorrel', 'Thistledown', 'Valmont', 'Whitcomb', 'Yarrow', 'Zephyr Hill',
];
export const WINERY_SUFFIX = ['Vineyards', 'Cellars', 'Winery', 'Estate', 'Wine Company', 'Family Wines', 'Wine Cellars'];

/** Importers and distributors, who sell other houses' wines. */
export const IMPORTER_NAMES = [
  'Atlantic Cellar Imports', 'Old World Selections', 'Harbor Street Wine Merchants', 'Terroir Direct Imports',
  'Meridian Wine Importers', 'Southern Hemisphere Wine Co.', 'Vineyard Road Imports', 'Cask & Cork Importers',
];

/** Producers an importer carries, by country. */
export const PRODUCERS: Record<string, readonly string[]> = {
  France: ['Domaine Lefèvre', 'Château Belle-Rive', 'Domaine des Sablons', 'Château Lacombe', 'Maison Garnier', 'Domaine Moreau-Vidal', 'Château Saint-Aubin', 'Domaine de la Croix', 'Maison Duval', 'Château Fontenelle'],
  Italy: ['Tenuta San Lorenzo', 'Cantina Ferraro', 'Azienda Agricola Rossi', 'Podere Il Castagno', 'Tenuta Le Colline', 'Fattoria Bellavista', 'Cascina Morra', 'Cantina del Ponte'],
  Spain: ['Bodegas Alcázar', 'Bodegas Valdemar', 'Viña Roble Alto', 'Bodegas Lagar de Santiago', 'Bodegas Peña Roja', 'Adega do Mar'],
  Germany: ['Weingut Albrecht', 'Weingut Schäfer-Krebs', 'Weingut Reinhold'],
  Austria: ['Weingut Hofbauer', 'Weingut Steininger'],
  Portugal: ['Quinta do Vale Escuro', 'Quinta da Serra'],
  Argentina: ['Bodega Los Andes Altos', 'Bodega Piedra Negra', 'Finca La Ribera'],
  Chile: ['Viña Cordillera', 'Viña Los Robles'],
  Australia: ['Kangaroo Flat Estate', 'Ironbark Ridge', 'Two Creeks Wines'],
  'New Zealand': ['Kōwhai Bay Estate', 'Tussock Hill Wines', 'Southern Cross Vineyards'],
  'South Africa': ['Klipkop Estate', 'Rooiberg Cellars'],
};

/** Optional cuvée words in a product name ("Reserve", "Estate Grown"). */
export const CUVEES = [
  '', '', '', '', 'Reserve', 'Estate', 'Estate Grown', 'Single Vineyard', "Winemaker's Selection", 'Old Vine',
  'Barrel Select', 'Hillside', 'Block 7', 'Founders', 'Cuvée Classique', 'Limited Release', 'Heritage',
];

/** Street names for winery and buyer addresses. */
export const STREETS = [
  'Silverado Trail', 'Vineyard Lane', 'Winery Road', 'Old Stage Road', 'Foothill Boulevard', 'Orchard Avenue',
  'River Road', 'Ridge Road', 'Westside Road', 'Cellar Door Way', 'Main Street', 'Canyon Road', 'Hillcrest Drive',
  'Pine Flat Road', 'Highway 29', 'Market Street', 'Harbor Way', 'Industrial Parkway',
];
