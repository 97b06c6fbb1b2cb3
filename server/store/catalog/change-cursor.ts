import { createHash } from 'node:crypto';

/**
 * A place in the catalog change feed: after the change made by transaction `xid` with sequence
 * number `seq` (see server/db/tables/catalog-changes.ts). (0, 0) is before everything.
 */
export interface FeedPosition {
  xid: bigint;
  seq: bigint;
}

export const FEED_START: FeedPosition = { xid: 0n, seq: 0n };

export const comparePositions = (a: FeedPosition, b: FeedPosition): number =>
  a.xid !== b.xid ? (a.xid < b.xid ? -1 : 1) : a.seq !== b.seq ? (a.seq < b.seq ? -1 : 1) : 0;

/** A decoded cursor: a position in the feed of one catalog. */
export interface ChangeCursor extends FeedPosition {
  /** The catalog the position belongs to (catalogKey of its identity). */
  catalog: string;
  /**
   * The snapshot xmin when the client started without a cursor (its bootstrap). Every removal it
   * can need is of a record it read, so it was committed by a transaction at or above this; older
   * pruned removals do not expire its cursor, even while the bootstrap is still reading old
   * positions.
   */
  startXid: bigint;
}

/**
 * A cursor is 37 bytes in base64url (50 characters): a format version (1), the first 8 bytes of
 * the catalog's identity, the position's transaction id and sequence number and the start's
 * transaction id (8 bytes each, big endian), and the first 4 bytes of the SHA-256 of those 33
 * bytes, so text that is not a cursor of this service is told apart from a cursor of another
 * catalog.
 */
const CURSOR_VERSION = 1;
const BODY_BYTES = 33;
const CHECK_BYTES = 4;
/** The largest value of PostgreSQL's bigint, catalog_change_seq's type. */
const MAX_SEQ = 2n ** 63n - 1n;

/** The 8 bytes of a catalog identity carried in its cursors, as hex (the identity is a UUID). */
export function catalogKey(catalogId: string): string {
  const hex = catalogId.replace(/-/g, '').toLowerCase();
  if (!/^[0-9a-f]{16}/.test(hex)) throw new Error(`catalog identity ${JSON.stringify(catalogId)} is not a UUID`);
  return hex.slice(0, 16);
}

const check = (body: Buffer): Buffer => createHash('sha256').update(body).digest().subarray(0, CHECK_BYTES);

export function encodeCursor(cursor: ChangeCursor): string {
  const body = Buffer.alloc(BODY_BYTES);
  body.writeUInt8(CURSOR_VERSION, 0);
  Buffer.from(cursor.catalog, 'hex').copy(body, 1);
  body.writeBigUInt64BE(cursor.xid, 9);
  body.writeBigUInt64BE(cursor.seq, 17);
  body.writeBigUInt64BE(cursor.startXid, 25);
  return Buffer.concat([body, check(body)]).toString('base64url');
}

/** The cursor in `text`, or null when it is not a cursor this service wrote. */
export function decodeCursor(text: string): ChangeCursor | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  const bytes = Buffer.from(text, 'base64url');
  // base64url decoding ignores trailing bits; only the exact encoding of the bytes is a cursor.
  if (bytes.length !== BODY_BYTES + CHECK_BYTES || bytes.toString('base64url') !== text) return null;
  const body = bytes.subarray(0, BODY_BYTES);
  if (!check(body).equals(bytes.subarray(BODY_BYTES)) || body.readUInt8(0) !== CURSOR_VERSION) return null;
  const seq = body.readBigUInt64BE(17);
  // Sequence numbers are bigint (signed) in the database: no cursor of this service holds a larger one.
  if (seq > MAX_SEQ) return null;
  return { catalog: body.subarray(1, 9).toString('hex'), xid: body.readBigUInt64BE(9), seq, startXid: body.readBigUInt64BE(25) };
}
