/**
 * Format checks of payout destinations, so a typo is caught before staff pay to nowhere: crypto
 * addresses per network, SWIFT codes and bank account numbers. Formats only: whether an address
 * exists can only be known on its chain.
 */

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';

/** Address patterns by protocol code (upper case). */
const ADDRESS_FORMATS: Record<string, RegExp> = {
  TRC20: new RegExp(`^T${BASE58}{33}$`),
  ERC20: /^0x[0-9a-fA-F]{40}$/,
  BEP20: /^0x[0-9a-fA-F]{40}$/,
  POLYGON: /^0x[0-9a-fA-F]{40}$/,
  ARBITRUM: /^0x[0-9a-fA-F]{40}$/,
  SOL: new RegExp(`^${BASE58}{32,44}$`),
  BTC: new RegExp(`^(bc1[02-9ac-hj-np-z]{11,71}|[13]${BASE58}{25,34})$`),
};

export function isValidAddress(protocol: string, address: string): boolean {
  const format = ADDRESS_FORMATS[protocol.toUpperCase()];
  // An unknown network gets a generic sanity check rather than a refusal of every address.
  return format ? format.test(address) : /^[0-9A-Za-z:_-]{16,128}$/.test(address);
}

/** ISO 9362: 4 letters bank, 2 letters country, 2 location, optional 3 branch. */
export const isValidSwift = (code: string) => /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(code);

/** Account numbers and IBANs: letters and digits, 6 to 34 characters once spaces are removed. */
export const isValidAccountNumber = (account: string) =>
  /^[A-Z0-9]{6,34}$/i.test(account.replace(/\s+/g, ''));
