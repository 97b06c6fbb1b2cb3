export interface WineRegion {
  name: string;
  country: string;
  appellations: readonly string[];
  varietals: readonly string[];
  /** Bottle price of a 750 ml bottle, in dollars, from entry level to top cuvée. */
  bottlePrice: readonly [number, number];
  /** Towns where a winery of the region sits, with state and ZIP code (US regions only). */
  towns?: ReadonlyArray<readonly [city: string, state: string, zip: string]>;
}

export const US_REGIONS: readonly WineRegion[] = [
  {
    name: 'Napa Valley',
    country: 'United States',
    appellations: ['Oakville', 'Rutherford', 'Stags Leap District', 'Howell Mountain', 'St. Helena', 'Calistoga', 'Mount Veeder', 'Coombsville', 'Napa Valley'],
    varietals: ['Cabernet Sauvignon', 'Cabernet Sauvignon', 'Merlot', 'Chardonnay', 'Sauvignon Blanc', 'Cabernet Franc', 'Red Blend', 'Petite Sirah'],
    bottlePrice: [28, 160],
    towns: [['Napa', 'CA', '94558'], ['St. Helena', 'CA', '94574'], ['Calistoga', 'CA', '94515'], ['Yountville', 'CA', '94599'], ['Rutherford', 'CA', '94573'], ['Oakville', 'CA', '94562']],
  },
  {
    name: 'Sonoma County',
    country: 'United States',
    appellations: ['Russian River Valley', 'Dry Creek Valley', 'Alexander Valley', 'Sonoma Coast', 'Carneros', 'Sonoma Valley', 'Chalk Hill'],
    varietals: ['Pinot Noir', 'Pinot Noir', 'Chardonnay', 'Zinfandel', 'Cabernet Sauvignon', 'Sauvignon Blanc', 'Syrah', 'Sparkling Brut', 'Rosé'],
    bottlePrice: [20, 85],
    towns: [['Healdsburg', 'CA', '95448'], ['Sonoma', 'CA', '95476'], ['Geyserville', 'CA', '95441'], ['Santa Rosa', 'CA', '95403'], ['Sebastopol', 'CA', '95472'], ['Glen Ellen', 'CA', '95442']],
  },
  {
    name: 'Paso Robles',
    country: 'United States',
    appellations: ['Adelaida District', 'Willow Creek District', 'Templeton Gap District', 'El Pomar District', 'Paso Robles'],
    varietals: ['Cabernet Sauvignon', 'Zinfandel', 'Syrah', 'Grenache', 'Mourvèdre', 'Red Blend', 'Viognier', 'Petite Sirah', 'Rosé'],
    bottlePrice: [18, 70],
    towns: [['Paso Robles', 'CA', '93446'], ['Templeton', 'CA', '93465']],
  },
  {
    name: 'Santa Barbara County',
    country: 'United States',
    appellations: ['Sta. Rita Hills', 'Santa Ynez Valley', 'Santa Maria Valley', 'Ballard Canyon', 'Happy Canyon of Santa Barbara'],
    varietals: ['Pinot Noir', 'Chardonnay', 'Syrah', 'Grenache', 'Sauvignon Blanc', 'Rosé'],
    bottlePrice: [22, 75],
    towns: [['Lompoc', 'CA', '93436'], ['Buellton', 'CA', '93427'], ['Los Olivos', 'CA', '93441'], ['Santa Maria', 'CA', '93454'], ['Solvang', 'CA', '93463']],
  },
  {
    name: 'Lodi',
    country: 'United States',
    appellations: ['Lodi', 'Mokelumne River', 'Clements Hills'],
    varietals: ['Zinfandel', 'Zinfandel', 'Petite Sirah', 'Albariño', 'Cabernet Sauvignon', 'Tempranillo', 'Chardonnay'],
    bottlePrice: [12, 32],
    towns: [['Lodi', 'CA', '95240'], ['Acampo', 'CA', '95220']],
  },
  {
    name: 'Willamette Valley',
    country: 'United States',
    appellations: ['Dundee Hills', 'Eola-Amity Hills', 'Yamhill-Carlton', 'Chehalem Mountains', 'Ribbon Ridge', 'McMinnville', 'Willamette Valley'],
    varietals: ['Pinot Noir', 'Pinot Noir', 'Pinot Gris', 'Chardonnay', 'Riesling', 'Rosé', 'Sparkling Brut'],
    bottlePrice: [20, 80],
    towns: [['Dundee', 'OR', '97115'], ['Carlton', 'OR', '97111'], ['Newberg', 'OR', '97132'], ['McMinnville', 'OR', '97128'], ['Dayton', 'OR', '97114'], ['Salem', 'OR', '97304']],
  },
  {
    name: 'Columbia Valley',
    country: 'United States',
    appellations: ['Walla Walla Valley', 'Red Mountain', 'Horse Heaven Hills', 'Yakima Valley', 'Wahluke Slope', 'Columbia Valley'],
    varietals: ['Cabernet Sauvignon', 'Merlot', 'Syrah', 'Riesling', 'Chardonnay', 'Cabernet Franc', 'Red Blend'],
    bottlePrice: [16, 75],
    towns: [['Walla Walla', 'WA', '99362'], ['Woodinville', 'WA', '98072'], ['Benton City', 'WA', '99320'], ['Prosser', 'WA', '99350'], ['Richland', 'WA', '99352']],
  },
  {
    name: 'Finger Lakes',
    country: 'United States',
    appellations: ['Seneca Lake', 'Cayuga Lake', 'Keuka Lake', 'Finger Lakes'],
    varietals: ['Riesling', 'Riesling', 'Cabernet Franc', 'Gewürztraminer', 'Pinot Noir', 'Grüner Veltliner', 'Sparkling Brut'],
    bottlePrice: [15, 45],
    towns: [['Hammondsport', 'NY', '14840'], ['Geneva', 'NY', '14456'], ['Penn Yan', 'NY', '14527'], ['Hector', 'NY', '14841']],
  },
  {
    name: 'Monticello',
    country: 'United States',
    appellations: ['Monticello'],
    varietals: ['Cabernet Franc', 'Viognier', 'Red Blend', 'Chardonnay', 'Tannat'],
    bottlePrice: [18, 55],
    towns: [['Charlottesville', 'VA', '22902'], ['Afton', 'VA', '22920']],
  },
  {
    name: 'Texas Hill Country',
    country: 'United States',
    appellations: ['Texas Hill Country', 'Fredericksburg in the Texas Hill Country'],
    varietals: ['Tempranillo', 'Tannat', 'Viognier', 'Mourvèdre', 'Red Blend', 'Rosé'],
    bottlePrice: [18, 50],
    towns: [['Fredericksburg', 'TX', '78624'], ['Stonewall', 'TX', '78671'], ['Johnson City', 'TX', '78636']],
  },
];

export const IMPORT_REGIONS: readonly WineRegion[] = [
  { name: 'Bordeaux', country: 'France', appellations: ['Pauillac', 'Margaux', 'Saint-Émilion', 'Pessac-Léognan', 'Saint-Julien', 'Pomerol', 'Bordeaux Supérieur'], varietals: ['Red Blend', 'Red Blend', 'Merlot', 'Cabernet Sauvignon', 'Sauvignon Blanc'], bottlePrice: [18, 180] },
  { name: 'Burgundy', country: 'France', appellations: ['Gevrey-Chambertin', 'Meursault', 'Chablis', 'Pommard', 'Puligny-Montrachet', 'Mâcon-Villages', 'Bourgogne'], varietals: ['Pinot Noir', 'Chardonnay'], bottlePrice: [22, 190] },
  { name: 'Rhône Valley', country: 'France', appellations: ['Châteauneuf-du-Pape', 'Côte-Rôtie', 'Crozes-Hermitage', 'Côtes du Rhône', 'Gigondas', 'Condrieu'], varietals: ['Syrah', 'Grenache', 'Red Blend', 'Viognier'], bottlePrice: [14, 120] },
  { name: 'Loire Valley', country: 'France', appellations: ['Sancerre', 'Vouvray', 'Chinon', 'Muscadet Sèvre et Maine', 'Pouilly-Fumé'], varietals: ['Sauvignon Blanc', 'Chenin Blanc', 'Cabernet Franc', 'Melon de Bourgogne'], bottlePrice: [14, 55] },
  { name: 'Champagne', country: 'France', appellations: ['Champagne', 'Montagne de Reims', 'Côte des Blancs'], varietals: ['Sparkling Brut'], bottlePrice: [38, 160] },
  { name: 'Provence', country: 'France', appellations: ['Côtes de Provence', 'Bandol'], varietals: ['Rosé', 'Rosé', 'Mourvèdre'], bottlePrice: [14, 48] },
  { name: 'Tuscany', country: 'Italy', appellations: ['Chianti Classico', 'Brunello di Montalcino', 'Bolgheri', 'Vino Nobile di Montepulciano', 'Toscana'], varietals: ['Sangiovese', 'Sangiovese', 'Red Blend', 'Vermentino'], bottlePrice: [16, 140] },
  { name: 'Piedmont', country: 'Italy', appellations: ['Barolo', 'Barbaresco', "Barbera d'Alba", 'Langhe', "Moscato d'Asti"], varietals: ['Nebbiolo', 'Nebbiolo', 'Barbera', 'Moscato'], bottlePrice: [15, 130] },
  { name: 'Veneto', country: 'Italy', appellations: ['Valpolicella Classico', 'Amarone della Valpolicella', 'Soave Classico', 'Prosecco Superiore'], varietals: ['Corvina', 'Garganega', 'Glera'], bottlePrice: [12, 90] },
  { name: 'Rioja', country: 'Spain', appellations: ['Rioja Alta', 'Rioja Alavesa', 'Rioja Oriental'], varietals: ['Tempranillo', 'Tempranillo', 'Grenache'], bottlePrice: [13, 75] },
  { name: 'Ribera del Duero', country: 'Spain', appellations: ['Ribera del Duero'], varietals: ['Tempranillo'], bottlePrice: [18, 90] },
  { name: 'Rías Baixas', country: 'Spain', appellations: ['Val do Salnés', 'O Rosal'], varietals: ['Albariño'], bottlePrice: [15, 35] },
  { name: 'Mosel', country: 'Germany', appellations: ['Bernkasteler', 'Piesporter', 'Wehlener', 'Mosel'], varietals: ['Riesling'], bottlePrice: [14, 70] },
  { name: 'Wachau', country: 'Austria', appellations: ['Wachau', 'Kremstal', 'Kamptal'], varietals: ['Grüner Veltliner', 'Riesling'], bottlePrice: [15, 60] },
  { name: 'Douro', country: 'Portugal', appellations: ['Douro', 'Cima Corgo'], varietals: ['Touriga Nacional', 'Red Blend'], bottlePrice: [12, 65] },
  { name: 'Mendoza', country: 'Argentina', appellations: ['Uco Valley', 'Luján de Cuyo', 'Maipú'], varietals: ['Malbec', 'Malbec', 'Cabernet Sauvignon', 'Torrontés'], bottlePrice: [10, 65] },
  { name: 'Colchagua Valley', country: 'Chile', appellations: ['Apalta', 'Colchagua Valley'], varietals: ['Carménère', 'Cabernet Sauvignon', 'Syrah'], bottlePrice: [10, 55] },
  { name: 'Barossa Valley', country: 'Australia', appellations: ['Barossa Valley', 'Eden Valley'], varietals: ['Shiraz', 'Shiraz', 'Grenache', 'Riesling'], bottlePrice: [14, 110] },
  { name: 'Marlborough', country: 'New Zealand', appellations: ['Wairau Valley', 'Awatere Valley', 'Marlborough'], varietals: ['Sauvignon Blanc', 'Sauvignon Blanc', 'Pinot Noir', 'Pinot Gris'], bottlePrice: [13, 45] },
  { name: 'Stellenbosch', country: 'South Africa', appellations: ['Stellenbosch', 'Simonsberg-Stellenbosch'], varietals: ['Chenin Blanc', 'Pinotage', 'Cabernet Sauvignon'], bottlePrice: [11, 50] },
];

/** Where importers and distributors keep their offices. */
export const IMPORTER_TOWNS: ReadonlyArray<readonly [city: string, state: string, zip: string]> = [
  ['Brooklyn', 'NY', '11222'],
  ['San Francisco', 'CA', '94107'],
  ['Chicago', 'IL', '60607'],
  ['Miami', 'FL', '33127'],
  ['Boston', 'MA', '02210'],
  ['Seattle', 'WA', '98134'],
  ['Denver', 'CO', '80216'],
  ['Austin', 'TX', '78702'],
];
