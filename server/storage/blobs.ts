/**
 * The blob store: photos, screen captures, signature images and PDFs. The default keeps bytes
 * in the database so a signature and its images commit in one transaction. A blob is served at
 * /api/v1/files/{id}: the id is a random UUID, so its URL works as an unguessable capability
 * link (images are shown by <img> tags, which cannot send a bearer header).
 */
import type { Db, Queryable } from '../db/db';

export const FILES_PATH = '/api/v1/files';

export interface StoredBlob {
  id: string;
  contentType: string;
  bytes: Buffer;
  fileName: string | null;
}

export function blobUrl(publicUrl: string, id: string | null | undefined): string | null {
  return id ? `${publicUrl}${FILES_PATH}/${id}` : null;
}

export async function putBlob(db: Queryable, input: { contentType: string; bytes: Buffer | Uint8Array; fileName?: string }): Promise<string> {
  const rows = await db.query<{ id: string }>(
    'INSERT INTO blobs (content_type, byte_size, bytes, file_name) VALUES ($1, $2, $3, $4) RETURNING id',
    [input.contentType, input.bytes.length, Buffer.from(input.bytes), input.fileName ?? null],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('Blob insert returned no id');
  return id;
}

export async function getBlob(db: Db, id: string): Promise<StoredBlob | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const rows = await db.query<{ id: string; content_type: string; bytes: Uint8Array; file_name: string | null }>(
    'SELECT id, content_type, bytes, file_name FROM blobs WHERE id = $1',
    [id],
  );
  const row = rows[0];
  return row ? { id: row.id, contentType: row.content_type, bytes: Buffer.from(row.bytes), fileName: row.file_name } : null;
}
