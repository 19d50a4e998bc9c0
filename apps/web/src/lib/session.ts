import { STORAGE_KEYS } from '@shared/constants';

// The browser storage keys of spec §3. The server is the authority; these only drive navigation.
const storage = (): Storage | null => (typeof window === 'undefined' ? null : window.localStorage);

export const session = {
  token: () => storage()?.getItem(STORAGE_KEYS.token) ?? null,
  role: () => storage()?.getItem(STORAGE_KEYS.role) ?? null,
  userId: () => storage()?.getItem(STORAGE_KEYS.userId) ?? null,
  consumerToken: () => storage()?.getItem(STORAGE_KEYS.consumerToken) ?? null,
  save(data: { token: string; role: string; userId: number | string; firstLogin: boolean }) {
    const s = storage();
    if (!s) return;
    s.setItem(STORAGE_KEYS.token, data.token);
    s.setItem(STORAGE_KEYS.role, data.role);
    s.setItem(STORAGE_KEYS.userId, String(data.userId));
    s.setItem(STORAGE_KEYS.isFirstLogin, String(data.firstLogin));
  },
  /** Adviser/dashboard logout (spec §4): token and role go, user_id and the other keys stay. */
  clearTokenAndRole() {
    storage()?.removeItem(STORAGE_KEYS.token);
    storage()?.removeItem(STORAGE_KEYS.role);
  },
  setConsumerToken(token: string) {
    storage()?.setItem(STORAGE_KEYS.consumerToken, token);
  },
  clearConsumerToken() {
    storage()?.removeItem(STORAGE_KEYS.consumerToken);
  },
};
