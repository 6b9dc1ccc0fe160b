/**
 * The instrument the trade screen shows. Remembered per device, so reopening the app lands on the
 * same chart; resolved against the live instrument list because instruments can be delisted.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { Instrument } from '@omp/protocol';
import { persistStorage, storageKey } from '../../lib/storage.ts';

interface CurrentInstrumentState {
  id: number | null;
  code: string | null;
  select(instrument: Pick<Instrument, 'Id' | 'Code'>): void;
}

export const useCurrentInstrument = create<CurrentInstrumentState>()(
  persist(
    (set) => ({
      id: null,
      code: null,
      select: (instrument) => set({ id: instrument.Id, code: instrument.Code }),
    }),
    {
      name: storageKey('current-instrument'),
      storage: persistStorage,
      version: 1,
      partialize: (state) => ({ id: state.id, code: state.code }),
    },
  ),
);

/** The remembered instrument if it is still listed, else the first one listed. */
export function resolveCurrent(
  list: readonly Instrument[] | undefined,
  id: number | null,
): Instrument | undefined {
  if (!list || list.length === 0) return undefined;
  return list.find((i) => i.Id === id) ?? list[0];
}
