import { useCallback, useEffect, useState } from 'react';
import type { Station } from './station';

/** A supervisor's server read with the device's token, read again by `reload` or when `key` changes. */
export function useDeviceData<T>(station: Station, path: string | null, key?: unknown) {
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => {
    setState((s) => ({ ...s, loading: true }));
    setRound((r) => r + 1);
  }, []);
  useEffect(() => {
    if (!path) return;
    let live = true;
    station
      .request<{ data: T }>(path)
      .then(({ data }) => live && setState({ data, error: null, loading: false }))
      .catch((error: Error) => live && setState((s) => ({ data: s.data, error: error.message, loading: false })));
    return () => {
      live = false;
    };
  }, [station, path, round, key]);
  return { ...state, reload };
}
