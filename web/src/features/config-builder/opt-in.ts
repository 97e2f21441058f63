import { notifications } from '@mantine/notifications';
import type { CurrentUser, RuntimeConfig } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { configQuery, useCurrentUser } from '../../lib/config.ts';

/** Local-storage keys of the opt-in experience (spec developer-apps §2 "Opt-in experience"). */
export const OPT_IN_KEYS = {
  /** 'true' or 'false': the choice, mirrored from the user's server preference. */
  beta: 'developer-apps-beta',
  /** 'true' once the classic page's opt-in banner was dismissed. */
  bannerDismissed: 'developer-apps-beta-banner-dismissed',
  /** 'true' puts the browser in the beta whatever the preference says (no opting out). */
  forced: 'developer-apps-beta-forced',
  /** 'true' once the Configurations tab's introduction was dismissed. */
  introDismissed: 'self-service-intro-dismissed',
} as const;

/** The opt-in toast hides after 2000 ms (spec developer-apps §9). */
export const OPT_IN_TOAST_MS = 2000;

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
};

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeFlag(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private mode: the choice still lives on the server.
  }
  for (const listener of listeners) listener();
}

/** A local-storage flag that re-renders when it changes (here or in another tab). */
export function useStoredFlag(key: string): [boolean, (value: boolean) => void] {
  const value = useSyncExternalStore(subscribe, () => read(key) === 'true');
  const set = useCallback((next: boolean) => writeFlag(key, String(next)), [key]);
  return [value, set];
}

/**
 * Whether the signed-in user sees the tabbed app page: the forced flag, else the server preference
 * (which follows the user to any browser; local storage mirrors it). `setOptIn` saves the choice on
 * the server and in local storage and confirms it with a toast that hides after 2000 ms.
 */
export function useDeveloperAppsBeta() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const client = useQueryClient();
  const [forced] = useStoredFlag(OPT_IN_KEYS.forced);
  const preference = user?.developer_apps_beta === true;
  const save = useMutation({
    mutationFn: (optIn: boolean) =>
      api<CurrentUser>('/me', { method: 'PATCH', body: { developer_apps_beta: optIn } }),
    onSuccess: (saved) => {
      client.setQueryData<RuntimeConfig>(configQuery.queryKey, (config) =>
        config ? { ...config, user: saved } : config,
      );
      writeFlag(OPT_IN_KEYS.beta, String(saved.developer_apps_beta));
      notifications.show({
        message: t(
          saved.developer_apps_beta ? 'configBuilder.optIn.optedIn' : 'configBuilder.optIn.optedOut',
        ),
        color: 'green',
        autoClose: OPT_IN_TOAST_MS,
      });
    },
    onError: () =>
      notifications.show({
        message: t('configBuilder.optIn.failed'),
        color: 'red',
        autoClose: OPT_IN_TOAST_MS,
      }),
  });
  const signedIn = Boolean(user);
  useEffect(() => {
    if (signedIn && read(OPT_IN_KEYS.beta) !== String(preference))
      writeFlag(OPT_IN_KEYS.beta, String(preference));
  }, [signedIn, preference]);
  return {
    optedIn: forced || preference,
    forced,
    saving: save.isPending,
    setOptIn: (optIn: boolean) => save.mutate(optIn),
  };
}
