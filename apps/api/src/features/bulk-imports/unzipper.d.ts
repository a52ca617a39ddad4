/** The part of unzipper (the zip reader exceljs streams through) that the zip guard uses. */
declare module 'unzipper' {
  import type { Duplex, Readable } from 'node:stream';

  export type Entry = Readable & { path: string };
  /** Reads a zip as it streams, entry by entry from the local headers, each inflated as it is read. */
  export function Parse(options: { forceStream: true }): Duplex & AsyncIterable<Entry>;
}
