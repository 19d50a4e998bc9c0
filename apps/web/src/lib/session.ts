import { STORAGE_KEYS } from '@shared/constants';

// The browser storage keys of docs/product/data.md. The server is the authority; these only drive navigation.
/** sessionStorage key of whom an adviser acts for (features/adviser-dashboard/acting-session.ts); cleared at logout. */
export const ACTING_AS_KEY = 'adviser.actingAs';

const storage = (): Storage | null => (typeof window === 'undefined' ? null : window.localStorage);

// Components that show who is logged in (the header) re-render when the session changes in this tab
// or in another one (the `storage` event).
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

// When this tab signed in by SMS code (ms since epoch): within 15 minutes the password step needs no old password
// (the server decides; this only chooses which form to show first).
const CODE_SIGN_IN_KEY = 'auth.codeSignedInAt';
const CODE_WINDOW_MS = 15 * 60 * 1000;
const tabStorage = (): Storage | null => (typeof window === 'undefined' ? null : window.sessionStorage);

export const session = {
  markCodeSignIn() {
    tabStorage()?.setItem(CODE_SIGN_IN_KEY, String(Date.now()));
  },
  signedInByCodeRecently: () => {
    const at = Number(tabStorage()?.getItem(CODE_SIGN_IN_KEY) ?? 0);
    return at > 0 && Date.now() - at < CODE_WINDOW_MS;
  },
  token: () => storage()?.getItem(STORAGE_KEYS.token) ?? null,
  role: () => storage()?.getItem(STORAGE_KEYS.role) ?? null,
  userId: () => storage()?.getItem(STORAGE_KEYS.userId) ?? null,
  consumerToken: () => storage()?.getItem(STORAGE_KEYS.consumerToken) ?? null,
  isFirstLogin: () => storage()?.getItem(STORAGE_KEYS.isFirstLogin) === 'true',
  mustChangePassword: () => storage()?.getItem(STORAGE_KEYS.mustChangePassword) === 'true',
  save(data: { token: string; role: string; userId: number | string; firstLogin: boolean; mustChangePassword?: boolean }) {
    const s = storage();
    if (!s) return;
    s.setItem(STORAGE_KEYS.token, data.token);
    s.setItem(STORAGE_KEYS.role, data.role);
    s.setItem(STORAGE_KEYS.userId, String(data.userId));
    s.setItem(STORAGE_KEYS.isFirstLogin, String(data.firstLogin));
    tabStorage()?.removeItem(CODE_SIGN_IN_KEY);
    if (data.mustChangePassword) s.setItem(STORAGE_KEYS.mustChangePassword, 'true');
    else s.removeItem(STORAGE_KEYS.mustChangePassword);
    changed();
  },
  clearMustChangePassword() {
    storage()?.removeItem(STORAGE_KEYS.mustChangePassword);
    tabStorage()?.removeItem(CODE_SIGN_IN_KEY);
    changed();
  },
  /**
   * Adviser/dashboard logout (docs/product/states.md): token and role go, user_id and the other keys stay — but not
   * an act-as token (`consumerToken`) nor who it acts for: a shared device keeps nothing that acts for someone.
   */
  clearTokenAndRole() {
    storage()?.removeItem(STORAGE_KEYS.token);
    storage()?.removeItem(STORAGE_KEYS.role);
    storage()?.removeItem(STORAGE_KEYS.mustChangePassword);
    storage()?.removeItem(STORAGE_KEYS.consumerToken);
    if (typeof window !== 'undefined') window.sessionStorage.removeItem(ACTING_AS_KEY);
    changed();
  },
  setConsumerToken(token: string) {
    storage()?.setItem(STORAGE_KEYS.consumerToken, token);
  },
  clearConsumerToken() {
    storage()?.removeItem(STORAGE_KEYS.consumerToken);
  },
  /** For useSyncExternalStore: called on every change of the session. */
  subscribe(listener: () => void) {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.role) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};
