import { useSearchParams } from 'react-router';

/** A list's sort as the API takes it: one of its keys, `-` first for descending. */
export type ListSort<K extends string> = K | `-${K}`;

/** Page, search and filters of a list, kept in the URL so that a list can be shared, reloaded and navigated back to. */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const search = params.get('search')?.trim() ?? '';

  /** Several keys in one navigation: React Router's setter reads the URL of the last render. */
  function update(changes: Record<string, string | null>) {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  }

  return {
    page,
    search,
    setPage: (value: number) => update({ page: value > 1 ? String(value) : null }),
    setSearch: (value: string) => update({ search: value.trim() || null, page: null }),
    filter: (key: string) => params.get(key) ?? '',
    setFilter: (key: string, value: string) => update({ [key]: value || null, page: null }),
    /**
     * The list's `sort` from the URL when it is one of the list's keys, else its default, and how to
     * ask for another (from the first page; the default leaves the URL): `DataList`'s `sort`.
     */
    sortBy<K extends string>(keys: readonly K[], fallback: ListSort<K>) {
      const asked = params.get('sort') ?? '';
      const value = (keys as readonly string[]).includes(asked.replace(/^-/, '')) ? (asked as ListSort<K>) : fallback;
      return {
        value,
        onChange: (next: string) => update({ sort: next === fallback ? null : next, page: null }),
      };
    },
    /** Sets or (with null or '') removes several keys at once, leaving the others as they are. */
    update,
  };
}
