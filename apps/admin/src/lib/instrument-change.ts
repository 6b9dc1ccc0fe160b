/**
 * The instrument editor's form values, and the request body they make: only the fields whose
 * value differs from the instrument's, so an untouched field never rewrites what another admin
 * changed meanwhile.
 */
import { LANGUAGES, type Language, type WireStaffInstrument } from '@omp/protocol';
import { toFields, toMinutes, type SessionFields } from './schedule.ts';

/** What the server accepts as lots and as a fee rate (protocol's instrumentChangeBodySchema). */
export const LOTS = /^\d{1,9}(\.\d{1,8})?$/;
export const FEE = /^\d(\.\d{1,12})?$/;

export interface EditorValues {
  show_code: string;
  logo: string;
  category_id: number;
  spread_points: number;
  price_precision: number;
  contract_size: number;
  margin_mode: 1 | 2;
  min_lots: string;
  max_lots: string;
  lot_step: string;
  leverage_options: string[];
  fee_rate: string;
  sessions: SessionFields[];
  names: Partial<Record<Language, string>>;
}

export function valuesOf(instrument: WireStaffInstrument): EditorValues {
  return {
    show_code: instrument.show_code,
    logo: instrument.logo,
    category_id: instrument.category_id,
    spread_points: instrument.spread_points,
    price_precision: instrument.price_precision,
    contract_size: instrument.contract_size,
    margin_mode: instrument.margin_mode === 1 ? 1 : 2,
    min_lots: instrument.min_lots,
    max_lots: instrument.max_lots,
    lot_step: instrument.lot_step,
    leverage_options: instrument.leverage_options.map(String),
    fee_rate: instrument.fee_rate,
    sessions: instrument.schedule.map(toFields),
    names: Object.fromEntries(LANGUAGES.map((lang) => [lang, instrument.names[lang] ?? ''])),
  };
}

/** The request body: only the fields whose value differs from the instrument's. */
export function changedBody(instrument: WireStaffInstrument, values: EditorValues): Record<string, unknown> {
  const next: Record<string, unknown> = {
    show_code: values.show_code.trim(),
    logo: values.logo.trim(),
    category_id: values.category_id,
    spread_points: values.spread_points,
    price_precision: values.price_precision,
    contract_size: values.contract_size,
    margin_mode: values.margin_mode,
    min_lots: values.min_lots.trim(),
    max_lots: values.max_lots.trim(),
    lot_step: values.lot_step.trim(),
    leverage_options: values.leverage_options.map(Number),
    fee_rate: values.fee_rate.trim(),
    schedule: values.sessions.map((session) => toMinutes(session)),
  };
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next))
    if (JSON.stringify(value) !== JSON.stringify(instrument[key as keyof WireStaffInstrument]))
      body[key] = value;
  const names: Record<string, string> = {};
  for (const lang of LANGUAGES) {
    const typed = (values.names[lang] ?? '').trim();
    if (typed !== (instrument.names[lang] ?? '')) names[lang] = typed;
  }
  if (Object.keys(names).length > 0) body.names = names;
  return body;
}
