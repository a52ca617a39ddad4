import { eq, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../../db/client';
import { files } from '../../db/schema/files';
import { openTestDatabase } from '../../test/database';
import { ContentSniffer, detectContentType } from './content-type';
import { copyLocalFilesToDatabase, createDatabaseFileStore, createLocalFileStore, newStorageKey, type FileStore } from './file-store';
import { cleanFileName, createFilesService } from './files.service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A ZIP archive with stored (uncompressed) entries, as Office and `zip -0` write them. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.from(content);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const SAMPLES: Record<string, Buffer> = {
  'application/pdf': Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  'image/png': png(),
  'image/jpeg': Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  ),
  'image/gif': Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  'image/webp': Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
  [XLSX]: zip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>', 'xl/worksheets/sheet1.xml': '<worksheet/>' }),
  [DOCX]: zip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<document/>' }),
  'text/plain': Buffer.from('Booth 12, hall B — tea at four\n'),
};

let root: string;
let database: DatabaseHandle;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'portal-files-'));
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
  await rm(root, { recursive: true, force: true });
});

describe('content type detection', () => {
  it('recognises each supported kind from real files written to disk', async () => {
    for (const [type, bytes] of Object.entries(SAMPLES)) {
      const path = join(root, `sample-${type.replace(/\W/g, '_')}`);
      await writeFile(path, bytes);
      expect(detectContentType(await readFile(path)), type).toBe(type);
    }
  });

  it('never believes the sender’s name or type', () => {
    const script = Buffer.from('<script>alert(1)</script>');
    expect(detectContentType(script, { name: 'photo.png', type: 'image/png' })).toBe('text/plain');
    expect(detectContentType(Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]), { name: 'cv.pdf', type: 'application/pdf' })).toBe('application/octet-stream');
    expect(detectContentType(SAMPLES['image/png']!, { name: 'list.csv', type: 'text/csv' })).toBe('image/png');
  });

  it('tells CSV from plain text by the sender’s word only once the bytes are text', () => {
    const csv = Buffer.from('name,email\nAna,ana@example.com\n');
    expect(detectContentType(csv, { name: 'guests.CSV' })).toBe('text/csv');
    expect(detectContentType(csv, { type: 'text/csv; charset=utf-8' })).toBe('text/csv');
    expect(detectContentType(csv)).toBe('text/plain');
  });

  it('refuses text that is not UTF-8 or carries control characters, and bare or broken archives', () => {
    expect(detectContentType(Buffer.from([0x63, 0x61, 0x66, 0xe9]))).toBe('application/octet-stream');
    expect(detectContentType(Buffer.from('a\u0000b'))).toBe('application/octet-stream');
    expect(detectContentType(Buffer.alloc(0))).toBe('application/octet-stream');
    expect(detectContentType(zip({ 'notes.txt': 'hello' }))).toBe('application/zip');
    expect(detectContentType(zip({ 'xl/workbook.xml': '<workbook/>' }))).toBe('application/zip');
    expect(detectContentType(SAMPLES[XLSX]!.subarray(0, 60))).toBe('application/zip');
  });
});

describe('content type detection as the bytes stream in', () => {
  it('reads the same type whatever the size of the chunks', () => {
    for (const [type, bytes] of Object.entries(SAMPLES)) {
      for (const size of [1, 3, 7, 64, 4096]) {
        const sniffer = new ContentSniffer();
        for (let at = 0; at < bytes.length; at += size) sniffer.push(bytes.subarray(at, at + size));
        expect(sniffer.finish(), `${type} in chunks of ${size}`).toBe(type);
      }
    }
  });

  it('finds an Office document whose directory lies past the first MiB, keeping only the end', () => {
    const docx = zip({ 'word/media/scan.bin': 'x'.repeat(3 * 1024 * 1024), '[Content_Types].xml': '<Types/>', 'word/document.xml': '<document/>' });
    const sniffer = new ContentSniffer();
    for (let at = 0; at < docx.length; at += 64 * 1024) sniffer.push(docx.subarray(at, at + 64 * 1024));
    expect(sniffer.finish()).toBe(DOCX);
  });

  it('says which types remain possible as soon as the first bytes have come', () => {
    const sniffer = new ContentSniffer();
    sniffer.push(Buffer.from('%PDF-1'));
    expect(sniffer.possibleTypes()).toBeNull();
    sniffer.push(Buffer.from('.7 and more'));
    expect(sniffer.possibleTypes()).toEqual(['application/pdf']);
    const text = new ContentSniffer();
    text.push(Buffer.from('name,email\nAna,ana@example.com\n'));
    expect(text.possibleTypes()).toEqual(['text/plain', 'text/csv']);
    text.push(Buffer.from([0x00]));
    expect(text.possibleTypes()).toEqual(['application/octet-stream']);
  });
});

describe('local file store', () => {
  it('puts bytes and streams, reads them back and deletes them', async () => {
    const store = createLocalFileStore(join(root, 'store'));
    const key = newStorageKey();
    await store.put(key, Buffer.from('hello'));
    expect(await text((await store.get(key))!)).toBe('hello');
    const streamed = newStorageKey();
    await store.put(streamed, Readable.from([Buffer.from('str'), Buffer.from('eam')]));
    expect(await text((await store.get(streamed))!)).toBe('stream');
    await store.delete(key);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    expect((await readdir(join(root, 'store', streamed.slice(0, 2)))).some((name) => name.endsWith('.part'))).toBe(false);
  });

  it('refuses keys it did not make, such as paths out of its folder', async () => {
    const store = createLocalFileStore(join(root, 'store'));
    await expect(store.put('../escape', Buffer.from('x'))).rejects.toThrow(/Not a storage key/);
    await expect(store.get('ab/../../etc/passwd')).rejects.toThrow(/Not a storage key/);
  });
});

/** The stores an upload can go to, each with what it holds (keys, and on disk unfinished writes too). */
const STORES: { name: string; make: () => FileStore; entries: () => Promise<string[]> }[] = [
  {
    name: 'local disk',
    make: () => createLocalFileStore(join(root, 'uploads')),
    entries: async () => (await readdir(join(root, 'uploads'), { recursive: true }).catch(() => [] as string[])).filter((name) => name.length > 3).sort(),
  },
  {
    name: 'database',
    make: () => createDatabaseFileStore(database.db),
    entries: async () =>
      (await queryRows<{ entry: string }>(database.db, sql`select storage_key || '#' || part as entry from file_contents order by 1`)).map((row) => row.entry),
  },
];

describe.each(STORES)('storeUpload to the $name store', ({ make: store, entries }) => {
  const base = { eventId: null, purpose: 'custom-field' as const, adminId: null, field: 'customFieldValues.cv' };

  it('stores the bytes under a random key and records what the server found', async () => {
    const service = createFilesService({ store: store() });
    const bytes = SAMPLES['application/pdf']!;
    const stored = await service.storeUpload(database.db, { ...base, originalName: '../../etc/CV "final".pdf', declaredType: 'image/png', bytes });
    expect(stored).toMatchObject({ contentType: 'application/pdf', sizeBytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
    const [row] = await database.db.select().from(files).where(eq(files.id, stored.id));
    expect(row).toMatchObject({ originalName: 'CV final.pdf', contentType: 'application/pdf', purpose: 'custom-field', storageKey: stored.storageKey });
    expect(await buffer((await store().get(stored.storageKey))!)).toEqual(bytes);
    const opened = await service.openFile(database.db, stored.id, null);
    expect(opened.file.id).toBe(stored.id);
    opened.content.destroy();
    await expect(service.openFile(database.db, stored.id, 999_999)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('refuses files over the limit (413), of a type not allowed, or empty, writing nothing', async () => {
    const service = createFilesService({ store: store() });
    const before = await database.db.select().from(files);
    const png = SAMPLES['image/png']!;
    await expect(service.storeUpload(database.db, { ...base, originalName: 'a.png', bytes: png, maxBytes: png.length - 1 })).rejects.toMatchObject({
      statusCode: 413,
      details: [{ field: 'customFieldValues.cv' }],
    });
    await expect(
      service.storeUpload(database.db, { ...base, originalName: 'a.pdf', declaredType: 'application/pdf', bytes: png, allowedMimeTypes: ['application/pdf'] }),
    ).rejects.toMatchObject({ statusCode: 400, message: 'This type of file is not accepted; use PDF' });
    await expect(service.storeUpload(database.db, { ...base, originalName: 'a.zip', bytes: zip({ 'a.txt': 'a' }) })).rejects.toMatchObject({ statusCode: 400 });
    await expect(service.storeUpload(database.db, { ...base, originalName: 'a.txt', bytes: Buffer.alloc(0) })).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      service.storeUpload(database.db, { ...base, originalName: 'big.txt', bytes: Buffer.alloc(10 * 1024 * 1024 + 1, 0x61), maxBytes: 50 * 1024 * 1024 }),
    ).rejects.toMatchObject({ statusCode: 413 });
    expect(await database.db.select().from(files)).toEqual(before);
  });

  it('removes the bytes again when the row cannot be written, and discards on request', async () => {
    const service = createFilesService({ store: store() });
    const count = (await entries()).length;
    await expect(
      service.storeUpload(database.db, { ...base, eventId: 999_999, originalName: 'a.txt', bytes: Buffer.from('orphan?') }),
    ).rejects.toThrow();
    expect(await entries()).toHaveLength(count);
    const stored = await service.storeUpload(database.db, { ...base, originalName: 'b.txt', bytes: Buffer.from('rolled back') });
    await service.discard([stored]);
    expect(await entries()).toHaveLength(count);
  });

  it('stops reading an upload at the first byte over its limit, or once its type cannot be accepted', async () => {
    const service = createFilesService({ store: store() });
    const before = await entries();
    let pulled = 0;
    async function* endless(first: Buffer) {
      yield first;
      for (;;) {
        pulled += 1;
        yield Buffer.alloc(1024, 0x61);
      }
    }
    await expect(service.receive(endless(Buffer.from('plain text ahead')), { originalName: 'a.txt', maxBytes: 10 * 1024, field: 'f' })).rejects.toMatchObject({
      statusCode: 413,
      details: [{ field: 'f', message: 'The file is larger than 10 KB' }],
    });
    expect(pulled).toBe(10);
    pulled = 0;
    const png = SAMPLES['image/png']!.subarray(0, 16);
    await expect(service.receive(endless(png), { originalName: 'a.pdf', allowedMimeTypes: ['application/pdf'], field: 'f' })).rejects.toMatchObject({
      statusCode: 400,
      message: 'This type of file is not accepted; use PDF',
    });
    expect(pulled).toBe(0);
    expect(await entries()).toEqual(before);
  });
});

describe('file names', () => {
  it('cleans names for display', () => {
    // Direction controls would show "invoice\u202Egpj.exe" as "invoiceexe.jpg".
    expect(cleanFileName('invoice\u202Egpj.exe')).toBe('invoicegpj.exe');
    expect(cleanFileName('\u2066a\u2069\u200eb\u200f\u061cc\u202a\u202b\u202c\u202d.pdf\u0085')).toBe('abc.pdf');
    expect(cleanFileName('C:\\Users\\ana\\photo.jpg')).toBe('photo.jpg');
    expect(cleanFileName('\u0000\u0007')).toBe('file');
    expect(cleanFileName('a'.repeat(300) + '.pdf')).toHaveLength(200);
  });
});

describe('database file store', () => {
  // Parts smaller than the real ones: the same cuts, with less for the embedded database to carry.
  const PART = 1000;
  const store = () => createDatabaseFileStore(database.db, { partBytes: PART });
  const partsOf = async (key: string) =>
    (await queryRows<{ part: number; size: number }>(database.db, sql`select part, length(data) as size from file_contents where storage_key = ${key} order by part`)).map(
      (row) => [Number(row.part), Number(row.size)],
    );

  it('keeps a file of several parts, streamed in chunks of any size, and gives back the same bytes', async () => {
    const bytes = randomBytes(2 * PART + 345);
    const key = newStorageKey();
    const chunks = Array.from({ length: Math.ceil(bytes.length / 70) }, (_v, i) => bytes.subarray(i * 70, (i + 1) * 70));
    await store().put(key, Readable.from(chunks));
    expect(await partsOf(key)).toEqual([
      [0, PART],
      [1, PART],
      [2, 345],
    ]);
    expect(await buffer((await store().get(key))!)).toEqual(bytes);
    const listed = [];
    for await (const entry of store().list(new Date())) listed.push(entry.key);
    expect(listed).toContain(key);
    await store().delete(key);
    await store().delete(key);
    expect(await store().get(key)).toBeNull();
    expect(await partsOf(key)).toEqual([]);
  });

  it('takes its parts away when a write breaks off, and refuses keys it did not make', async () => {
    const key = newStorageKey();
    async function* breaking() {
      yield randomBytes(PART + 1);
      throw new Error('client went away');
    }
    await expect(store().put(key, Readable.from(breaking()))).rejects.toThrow('client went away');
    expect(await partsOf(key)).toEqual([]);
    await expect(store().put('../escape', Buffer.from('x'))).rejects.toThrow(/Not a storage key/);
    await expect(store().get('ab/../../etc/passwd')).rejects.toThrow(/Not a storage key/);
  });

  it('copies recorded files that only a local disk holds into the database, once', async () => {
    const local = createLocalFileStore(join(root, 'before-the-database'));
    const bytes = Buffer.from('kept on one machine before');
    const stored = await createFilesService({ store: local }).storeUpload(database.db, { eventId: null, purpose: 'logo', adminId: null, originalName: 'a.txt', bytes });
    // A key with a row but on no disk here (another machine's) is left alone.
    const elsewhere = await createFilesService({ store: createLocalFileStore(join(root, 'another-machine')) }).storeUpload(database.db, {
      eventId: null,
      purpose: 'logo',
      adminId: null,
      originalName: 'b.txt',
      bytes: Buffer.from('elsewhere'),
    });
    expect(await copyLocalFilesToDatabase(database.db, local)).toBe(1);
    expect(await text((await store().get(stored.storageKey))!)).toBe(bytes.toString());
    expect(await store().get(elsewhere.storageKey)).toBeNull();
    expect(await copyLocalFilesToDatabase(database.db, local)).toBe(0);
    expect(await partsOf(stored.storageKey)).toEqual([[0, bytes.length]]);
  });
});
