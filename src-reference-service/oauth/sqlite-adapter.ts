import { createHash } from 'node:crypto';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/open';
import type { TokenCache } from './token-cache';

interface StoreRow {
  payload: string;
  expires_at: number | null;
}

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes expired rows now and then hourly (expired rows are never read, only kept on disk).
 * The timer is unref'd so it never holds the process open; the returned function stops it.
 */
export function startExpiredPurge(db: Db, intervalMs = PURGE_INTERVAL_MS): () => void {
  const purge = db.prepare(
    'DELETE FROM oidc_store WHERE expires_at IS NOT NULL AND expires_at < ?',
  );
  purge.run(Date.now());
  const timer = setInterval(() => purge.run(Date.now()), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * oidc-provider storage in SQLite, so sessions, grants and refresh tokens survive a restart.
 * Ids of tokens and codes are bearer secrets: only their SHA-256 is stored, and the `jti` copy
 * inside the payload is dropped and restored from the id on the way back.
 */
export function sqliteAdapterFactory(db: Db, cache: TokenCache): AdapterFactory {
  const upsert = db.prepare(
    `INSERT INTO oidc_store (model, id, payload, grant_id, user_code, uid, expires_at)
     VALUES (@model, @id, @payload, @grantId, @userCode, @uid, @expiresAt)
     ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
       user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
  );
  const find = db.prepare<[string, string], StoreRow & { id: string }>(
    'SELECT id, payload, expires_at FROM oidc_store WHERE model = ? AND id = ?',
  );
  const findBy = {
    uid: db.prepare<[string, string], StoreRow & { id: string }>(
      'SELECT id, payload, expires_at FROM oidc_store WHERE model = ? AND uid = ?',
    ),
    userCode: db.prepare<[string, string], StoreRow & { id: string }>(
      'SELECT id, payload, expires_at FROM oidc_store WHERE model = ? AND user_code = ?',
    ),
  };
  const destroy = db.prepare('DELETE FROM oidc_store WHERE model = ? AND id = ?');
  const revoke = db.prepare('DELETE FROM oidc_store WHERE model = ? AND grant_id = ?');
  const markConsumed = db.prepare('UPDATE oidc_store SET payload = ? WHERE model = ? AND id = ?');

  const hash = (id: string): string => createHash('sha256').update(id).digest('base64url');

  function live(row: StoreRow | undefined, id: string | undefined): AdapterPayload | undefined {
    if (!row || (row.expires_at !== null && row.expires_at <= Date.now())) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    return id === undefined ? payload : { ...payload, jti: id };
  }

  return (model: string): Adapter => ({
    async upsert(id, payload, expiresIn) {
      const stored: AdapterPayload = { ...payload };
      delete stored.jti;
      upsert.run({
        model,
        id: hash(id),
        payload: JSON.stringify(stored),
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : null,
      });
    },
    async find(id) {
      return live(find.get(model, hash(id)), id);
    },
    async findByUid(uid) {
      // Only sessions are read by uid, for checks that never save them back, so no jti is needed.
      const row = findBy.uid.get(model, uid);
      return row ? live(row, undefined) : undefined;
    },
    async findByUserCode(userCode) {
      const row = findBy.userCode.get(model, userCode);
      return row ? live(row, undefined) : undefined;
    },
    async consume(id) {
      const row = find.get(model, hash(id));
      if (!row) return;
      const stored = JSON.parse(row.payload) as AdapterPayload;
      stored.consumed = Math.floor(Date.now() / 1000);
      markConsumed.run(JSON.stringify(stored), model, hash(id));
      if (model === 'AccessToken') cache.delete(id);
    },
    async destroy(id) {
      destroy.run(model, hash(id));
      if (model === 'AccessToken') cache.delete(id);
    },
    async revokeByGrantId(grantId) {
      revoke.run(model, grantId);
      if (model === 'AccessToken') cache.deleteGrant(grantId);
    },
  });
}
