import { useState } from 'react';
import { stopTextIn } from './stop-field.tsx';
import { stopPointsOf, stopPriceText, type StopBasis, type StopKind, type StopUnit } from './stop-units.ts';

/** Text no price reader accepts: a stop that cannot be converted shows as an invalid price. */
const UNREADABLE = '?';

export interface StopInputs {
  unit: StopUnit;
  /** Switches the unit and rewrites both boxes in it, so the stops themselves stay where they were. */
  setUnit(unit: StopUnit): void;
  stopLoss: string;
  takeProfit: string;
  setStopLoss(text: string): void;
  setTakeProfit(text: string): void;
  /** The prices to judge and send: '' for none, unreadable text for a stop that cannot be one. */
  stopLossPrice: string;
  takeProfitPrice: string;
}

/** Stop loss and take profit boxes in one shared unit, over a basis that may move with the market. */
export function useStopInputs(
  basis: StopBasis,
  initial?: { stopLoss: string; takeProfit: string },
): StopInputs {
  const [unit, setUnitState] = useState<StopUnit>('price');
  const [stopLoss, setStopLoss] = useState(initial?.stopLoss ?? '');
  const [takeProfit, setTakeProfit] = useState(initial?.takeProfit ?? '');
  const converted = (kind: StopKind, text: string, to: StopUnit) => {
    const points = stopPointsOf(unit, text, kind, basis);
    // An empty or unconvertible box stays as typed: there is no stop to carry over.
    return points ? stopTextIn(to, points, kind, basis) : text;
  };
  const priceOf = (kind: StopKind, text: string) => stopPriceText(unit, text, kind, basis) ?? UNREADABLE;
  return {
    unit,
    setUnit: (next) => {
      if (next === unit) return;
      setStopLoss(converted('stopLoss', stopLoss, next));
      setTakeProfit(converted('takeProfit', takeProfit, next));
      setUnitState(next);
    },
    stopLoss,
    takeProfit,
    setStopLoss,
    setTakeProfit,
    stopLossPrice: priceOf('stopLoss', stopLoss),
    takeProfitPrice: priceOf('takeProfit', takeProfit),
  };
}
