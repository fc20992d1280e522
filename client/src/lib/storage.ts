// Local storage can throw (private mode, disabled storage); the app then behaves as if nothing was stored.
import { STORAGE_KEYS } from '#contract/auth/constants';

type Key = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export const storage = {
  get(key: Key): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: Key, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      /* storage unavailable: the value lives only for this page */
    }
  },
  remove(key: Key): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* nothing to remove */
    }
  },
};

export const tokenStorage = {
  get: () => storage.get(STORAGE_KEYS.token),
  set: (token: string) => storage.set(STORAGE_KEYS.token, token),
  clear: () => storage.remove(STORAGE_KEYS.token),
};

export const registrationEmailStorage = {
  get: () => storage.get(STORAGE_KEYS.registrationEmail),
  set: (email: string) => storage.set(STORAGE_KEYS.registrationEmail, email),
  clear: () => storage.remove(STORAGE_KEYS.registrationEmail),
};
