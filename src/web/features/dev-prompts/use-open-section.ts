import { useCallback, useState } from 'react';

/** The browser local-storage entry that remembers the open section (spec §9). */
export const openSectionStorageKey = 'benefitsDesk.devPrompts.openSection';

function readStored<T extends string>(choices: readonly T[]): T | null {
  try {
    const stored = window.localStorage.getItem(openSectionStorageKey);
    return choices.find((c) => c === stored) ?? null;
  } catch {
    return null; // storage unavailable (private mode, blocked): start closed
  }
}

function store(value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(openSectionStorageKey);
    else window.localStorage.setItem(openSectionStorageKey, value);
  } catch {
    // storage unavailable: the choice lasts for this visit only
  }
}

/**
 * Which one of `choices` is open (spec §2/§4): at most one at a time; toggling the open one
 * closes it; the choice is kept in local storage across visits. A stored value that is no longer
 * a choice is ignored.
 */
export function useOpenSection<T extends string>(choices: readonly T[]) {
  const [open, setOpen] = useState<T | null>(() => readStored(choices));
  const toggle = useCallback((section: T) => {
    setOpen((current) => {
      const next = current === section ? null : section;
      store(next);
      return next;
    });
  }, []);
  return { open, toggle };
}
