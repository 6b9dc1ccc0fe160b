import { useCallback, useState } from 'react';

/**
 * The errors a form shows under its fields after a submit: all found at once, each cleared as
 * soon as its field changes, so a corrected field never keeps blaming the user.
 */
export function useProblems<K extends string>() {
  const [problems, setProblems] = useState<Partial<Record<K, string>>>({});
  const edited = useCallback(
    <V>(key: K, set: (value: V) => void) =>
      (value: V) => {
        set(value);
        setProblems((current) => (current[key] === undefined ? current : { ...current, [key]: undefined }));
      },
    [],
  );
  const hasProblems = (found: Partial<Record<K, string>>) => Object.values(found).some(Boolean);
  return { problems, setProblems, edited, hasProblems };
}
