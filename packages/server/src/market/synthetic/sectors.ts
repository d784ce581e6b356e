/** How one sector's companies are drawn: factor risk, loadings, dividends, naming and news vocabulary. */
export interface SectorProfile {
  readonly id: string;
  readonly name: string;
  /** Annualised volatility of the sector factor. */
  readonly factor_vol: number;
  /** Range of market betas [lo, hi). */
  readonly beta: readonly [number, number];
  /** Range of idiosyncratic annualised volatilities [lo, hi). */
  readonly idio_vol: readonly [number, number];
  /** Probability that a company pays a quarterly dividend. */
  readonly payer_share: number;
  /** Range of annual dividend yields for payers [lo, hi). */
  readonly yield: readonly [number, number];
  readonly name_suffixes: readonly string[];
  /** Nouns headlines use for the company's business ("{name} wins {product} contract"). */
  readonly products: readonly string[];
}

/** The eleven GICS-style sectors, in a fixed order (the order companies are dealt into them). */
export const SECTOR_PROFILES: readonly SectorProfile[] = [
  {
    id: 'technology',
    name: 'Information Technology',
    factor_vol: 0.15,
    beta: [1.0, 1.35],
    idio_vol: [0.2, 0.34],
    payer_share: 0.4,
    yield: [0.005, 0.02],
    name_suffixes: ['Systems', 'Semiconductor', 'Software', 'Networks', 'Technologies'],
    products: ['cloud', 'chip', 'software', 'data-center', 'cybersecurity'],
  },
  {
    id: 'health_care',
    name: 'Health Care',
    factor_vol: 0.12,
    beta: [0.7, 1.0],
    idio_vol: [0.18, 0.34],
    payer_share: 0.5,
    yield: [0.01, 0.03],
    name_suffixes: ['Therapeutics', 'Biosciences', 'Health', 'Medical', 'Pharma'],
    products: ['oncology', 'diagnostics', 'vaccine', 'medical-device', 'clinical-trial'],
  },
  {
    id: 'financials',
    name: 'Financials',
    factor_vol: 0.13,
    beta: [0.95, 1.25],
    idio_vol: [0.14, 0.24],
    payer_share: 0.85,
    yield: [0.015, 0.04],
    name_suffixes: ['Financial', 'Bancorp', 'Capital', 'Insurance Group', 'Trust'],
    products: ['lending', 'deposit', 'asset-management', 'payments', 'underwriting'],
  },
  {
    id: 'consumer_discretionary',
    name: 'Consumer Discretionary',
    factor_vol: 0.12,
    beta: [0.95, 1.3],
    idio_vol: [0.18, 0.32],
    payer_share: 0.5,
    yield: [0.008, 0.025],
    name_suffixes: ['Brands', 'Retail', 'Motors', 'Leisure', 'Apparel'],
    products: ['retail', 'e-commerce', 'vehicle', 'hotel', 'footwear'],
  },
  {
    id: 'consumer_staples',
    name: 'Consumer Staples',
    factor_vol: 0.1,
    beta: [0.5, 0.8],
    idio_vol: [0.13, 0.22],
    payer_share: 0.9,
    yield: [0.02, 0.035],
    name_suffixes: ['Foods', 'Beverage', 'Household Products', 'Grocers'],
    products: ['snack', 'beverage', 'household', 'grocery', 'personal-care'],
  },
  {
    id: 'industrials',
    name: 'Industrials',
    factor_vol: 0.1,
    beta: [0.9, 1.2],
    idio_vol: [0.15, 0.26],
    payer_share: 0.75,
    yield: [0.01, 0.03],
    name_suffixes: ['Industries', 'Aerospace', 'Machinery', 'Logistics', 'Rail'],
    products: ['aircraft', 'freight', 'defense', 'automation', 'construction'],
  },
  {
    id: 'energy',
    name: 'Energy',
    factor_vol: 0.22,
    beta: [0.8, 1.2],
    idio_vol: [0.18, 0.3],
    payer_share: 0.85,
    yield: [0.025, 0.05],
    name_suffixes: ['Energy', 'Petroleum', 'Resources', 'Midstream'],
    products: ['oil', 'natural-gas', 'pipeline', 'refining', 'drilling'],
  },
  {
    id: 'utilities',
    name: 'Utilities',
    factor_vol: 0.11,
    beta: [0.35, 0.6],
    idio_vol: [0.11, 0.18],
    payer_share: 1,
    yield: [0.028, 0.045],
    name_suffixes: ['Power', 'Utilities', 'Electric', 'Water'],
    products: ['grid', 'power-plant', 'rate-case', 'renewables', 'transmission'],
  },
  {
    id: 'materials',
    name: 'Materials',
    factor_vol: 0.14,
    beta: [0.9, 1.2],
    idio_vol: [0.17, 0.28],
    payer_share: 0.75,
    yield: [0.015, 0.035],
    name_suffixes: ['Materials', 'Chemicals', 'Mining', 'Steel'],
    products: ['copper', 'specialty-chemicals', 'steel', 'packaging', 'lithium'],
  },
  {
    id: 'real_estate',
    name: 'Real Estate',
    factor_vol: 0.14,
    beta: [0.75, 1.05],
    idio_vol: [0.14, 0.22],
    payer_share: 1,
    yield: [0.03, 0.05],
    name_suffixes: ['Realty', 'Properties', 'REIT', 'Land'],
    products: ['office', 'warehouse', 'apartment', 'data-center', 'shopping-mall'],
  },
  {
    id: 'communication_services',
    name: 'Communication Services',
    factor_vol: 0.12,
    beta: [0.9, 1.2],
    idio_vol: [0.18, 0.3],
    payer_share: 0.45,
    yield: [0.01, 0.045],
    name_suffixes: ['Media', 'Communications', 'Interactive', 'Telecom'],
    products: ['streaming', 'advertising', 'wireless', 'broadband', 'gaming'],
  },
];

/** The crypto "sector": a factor of its own, no market loading, no dividends. */
export const CRYPTO_PROFILE = {
  factor_vol: 0.55,
  idio_vol: [0.25, 0.45] as const,
} as const;
