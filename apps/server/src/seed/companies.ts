/**
 * The broker companies a fresh installation lists when the main mode is `company`: fictional
 * firms with plausible details, one of them suspended (its status call sends visitors to a notice
 * page). Staff replace them from the back office. Logos are the PNGs under assets/media/companies/.
 */
export interface SeedCompany {
  name: string;
  /** Logo picture name and its tile colour (scripts/draw-content-images.ts). */
  picture: string;
  color: string;
  url: string;
  subject: string;
  registered_address: string;
  location: string;
  email: string;
  status: 1 | 2;
  loss_url: string;
}

export const SEED_COMPANIES: readonly SeedCompany[] = [
  {
    name: 'Harbourline Markets',
    picture: 'harbourline',
    color: '#1d4ed8',
    url: 'https://www.harbourline-markets.example',
    subject: 'Harbourline Markets Ltd',
    registered_address: '3rd Floor, 12 Queen Street, Port Louis, Mauritius',
    location: 'Level 18, 1 Harbour View Road, Central, Hong Kong',
    email: 'support@harbourline-markets.example',
    status: 1,
    loss_url: '',
  },
  {
    name: 'Northgate Capital FX',
    picture: 'northgate',
    color: '#047857',
    url: 'https://www.northgatefx.example',
    subject: 'Northgate Capital Financial Services Ltd',
    registered_address: '25 Ann Street, St Helier, Jersey JE2 4UJ',
    location: '40 Bank Street, Canary Wharf, London E14 5NR, United Kingdom',
    email: 'clients@northgatefx.example',
    status: 1,
    loss_url: '',
  },
  {
    name: 'Meridian Trade Group',
    picture: 'meridian',
    color: '#b45309',
    url: 'https://www.meridiantrade.example',
    subject: 'Meridian Trade Group (Cyprus) Ltd',
    registered_address: '28 Archbishop Makarios III Avenue, 1065 Nicosia, Cyprus',
    location: '15 Spyrou Kyprianou Avenue, 3070 Limassol, Cyprus',
    email: 'service@meridiantrade.example',
    status: 1,
    loss_url: '',
  },
  {
    name: 'Bluewater Securities',
    picture: 'bluewater',
    color: '#0e7490',
    url: 'https://www.bluewatersec.example',
    subject: 'Bluewater Securities Pty Ltd',
    registered_address: 'Level 9, 60 Martin Place, Sydney NSW 2000, Australia',
    location: 'Level 9, 60 Martin Place, Sydney NSW 2000, Australia',
    email: 'help@bluewatersec.example',
    status: 1,
    loss_url: '',
  },
  {
    name: 'Crestpoint Prime',
    picture: 'crestpoint',
    color: '#7c3aed',
    url: 'https://www.crestpointprime.example',
    subject: 'Crestpoint Prime Brokerage SA',
    registered_address: 'Rue du Rhône 14, 1204 Geneva, Switzerland',
    location: 'Marina Bay Financial Centre Tower 2, 10 Marina Boulevard, Singapore 018983',
    email: 'desk@crestpointprime.example',
    status: 1,
    loss_url: '',
  },
  {
    name: 'Silverline Global (suspended)',
    picture: 'silverline',
    color: '#6b7280',
    url: 'https://www.silverlineglobal.example',
    subject: 'Silverline Global Investments Ltd',
    registered_address: 'Suite 305, Griffith Corporate Centre, Kingstown, St Vincent and the Grenadines',
    location: 'Suite 305, Griffith Corporate Centre, Kingstown, St Vincent and the Grenadines',
    email: 'info@silverlineglobal.example',
    status: 2,
    loss_url: 'https://www.silverlineglobal.example/notice',
  },
];

export const COMPANY_PICTURES = SEED_COMPANIES.map((c) => ({ name: c.picture, color: c.color }));
