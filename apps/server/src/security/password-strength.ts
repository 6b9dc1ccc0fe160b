/**
 * Refuses passwords an attacker would try first: the common-password dictionaries, names and
 * keyboard walks of zxcvbn-ts, including their l33t and reversed spellings and small variations
 * (a year or a digit run appended). A password whose estimated guess count is under a million
 * (zxcvbn's score 0 or 1, "too guessable") is refused; the account itself counts as a known word.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

/** zxcvbn's own line between "too guessable" (scores 0 and 1) and "somewhat guessable". */
const MIN_GUESSES_LOG10 = 6;

let estimator: ZxcvbnFactory | undefined;

/** Built on first use: loading the dictionaries takes a moment and most requests never need them. */
function passwordEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary },
    graphs: common.adjacencyGraphs,
  });
  return estimator;
}

export function isGuessablePassword(password: string, knownWords: readonly string[] = []): boolean {
  const words = knownWords.flatMap((word) => [word, ...word.split(/[@.+\s]/)]).filter((w) => w.length >= 3);
  return passwordEstimator().check(password, words).guessesLog10 < MIN_GUESSES_LOG10;
}
