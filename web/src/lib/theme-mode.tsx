// The light/dark choice: "system" (the default) follows prefers-color-scheme and its changes;
// "light" and "dark" are kept under localStorage `theme`.
import { createContext, useCallback, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';

export const THEME_KEY = 'theme';
export const THEME_MODES = ['system', 'light', 'dark'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function storedThemeMode(): ThemeMode {
  const saved = localStorage.getItem(THEME_KEY);
  return (THEME_MODES as readonly string[]).includes(saved ?? '') ? (saved as ThemeMode) : 'system';
}

function subscribeSystem(onChange: () => void) {
  const mq = window.matchMedia?.(DARK_QUERY);
  mq?.addEventListener?.('change', onChange);
  return () => mq?.removeEventListener?.('change', onChange);
}

const systemIsDark = () => window.matchMedia?.(DARK_QUERY).matches ?? false;

interface ThemeModeState {
  /** What the user chose. */
  mode: ThemeMode;
  /** Whether the app is dark now (the choice, or the system's when the choice is "system"). */
  dark: boolean;
  setMode: (mode: ThemeMode) => void;
}

const ThemeModeContext = createContext<ThemeModeState | null>(null);

export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(storedThemeMode);
  const systemDark = useSyncExternalStore(subscribeSystem, systemIsDark, () => false);
  const setMode = useCallback((next: ThemeMode) => {
    if (next === 'system') localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, next);
    setModeState(next);
  }, []);
  const dark = mode === 'dark' || (mode === 'system' && systemDark);
  const value = useMemo(() => ({ mode, dark, setMode }), [mode, dark, setMode]);
  return <ThemeModeContext.Provider value={value}>{children}</ThemeModeContext.Provider>;
}

export function useThemeMode(): ThemeModeState {
  const ctx = useContext(ThemeModeContext);
  if (!ctx) throw new Error('useThemeMode outside ThemeModeProvider');
  return ctx;
}
