import type { ListMeta } from '@portal/shared/common';

/** The list answer of every list endpoint (DESIGN §5). */
export type ListResponse<T> = { data: T[]; meta: ListMeta };

/** What a list screen asks for. */
export type ListParams = { page: number; search: string };
