/** Reads CSV as RFC 4180 writes it: quoted cells may hold commas, quotes ("") and line breaks. */
export declare function parseCsv(text: string): string[][];
