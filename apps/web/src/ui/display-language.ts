/**
 * The language numbers are formatted in (digits, separators), handed to the shared widgets by the
 * app shell, so `ui/` needs no feature's store and stays reusable by any screen.
 */
import { createContext, useContext } from 'react';
import { DEFAULT_LANGUAGE, type Language } from '@omp/protocol';

export const DisplayLanguage = createContext<Language>(DEFAULT_LANGUAGE);

export const useDisplayLanguage = (): Language => useContext(DisplayLanguage);
