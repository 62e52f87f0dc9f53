/**
 * Schema migrations, applied in order; PRAGMA user_version records how many ran.
 * Append new migrations; never edit one that has shipped.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE branches (
    id TEXT PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    city TEXT NOT NULL
  );
  CREATE TABLE member_types (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    loan_period_days INTEGER NOT NULL,
    loan_limit INTEGER NOT NULL,
    fine_threshold_cents INTEGER NOT NULL,
    daily_fine_cents INTEGER NOT NULL,
    max_fine_per_item_cents INTEGER NOT NULL
  );
  CREATE TABLE members (
    id TEXT PRIMARY KEY,
    barcode TEXT NOT NULL UNIQUE,
    branch_id TEXT NOT NULL REFERENCES branches(id),
    member_type_id TEXT NOT NULL REFERENCES member_types(id),
    given_name TEXT NOT NULL,
    surname TEXT NOT NULL,
    user_name TEXT NOT NULL,
    phone TEXT NOT NULL,
    address1 TEXT NOT NULL,
    address2 TEXT NOT NULL,
    city TEXT NOT NULL,
    country TEXT NOT NULL,
    postcode TEXT NOT NULL,
    name_title TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('active', 'blocked')),
    email TEXT NOT NULL,
    email_lower TEXT NOT NULL UNIQUE,
    expiry_date TEXT NOT NULL,
    fine_cents INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX members_order ON members (surname, given_name, id);
  CREATE TABLE items (
    barcode TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    author TEXT NOT NULL,
    branch_id TEXT NOT NULL REFERENCES branches(id)
  );
  -- Active loans only: the primary key makes a second loan of one item impossible.
  CREATE TABLE loans (
    item_barcode TEXT PRIMARY KEY REFERENCES items(barcode),
    member_id TEXT NOT NULL REFERENCES members(id),
    checked_out_at TEXT NOT NULL,
    due_at TEXT NOT NULL
  );
  CREATE INDEX loans_member ON loans (member_id, checked_out_at);
  CREATE TABLE transactions (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('checkout', 'renewal', 'checkin')),
    item_barcode TEXT NOT NULL,
    member_id TEXT NOT NULL,
    at TEXT NOT NULL,
    due_at TEXT NOT NULL,
    fine_cents INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE customers (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    plan TEXT NOT NULL
  );
  CREATE TABLE staff (
    id TEXT PRIMARY KEY,
    username TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    branch_id TEXT NOT NULL REFERENCES branches(id),
    customer_id TEXT REFERENCES customers(id),
    password_salt TEXT NOT NULL,
    password_hash TEXT NOT NULL
  );
  CREATE TABLE documents (
    item_id TEXT PRIMARY KEY,
    created_at TEXT NOT NULL,
    created_by TEXT NOT NULL
  );
  CREATE TABLE document_files (
    file_id TEXT PRIMARY KEY,
    item_id TEXT NOT NULL REFERENCES documents(item_id),
    subdocid INTEGER NOT NULL,
    name TEXT NOT NULL,
    blob_name TEXT NOT NULL,
    created_at TEXT NOT NULL,
    UNIQUE (item_id, subdocid)
  );
  `,
  // oidc-provider's storage (sessions, grants, codes, tokens), so sign-ins survive a restart.
  `
  CREATE TABLE oidc_store (
    model TEXT NOT NULL,
    id TEXT NOT NULL,
    payload TEXT NOT NULL,
    grant_id TEXT,
    user_code TEXT,
    uid TEXT,
    expires_at INTEGER,
    PRIMARY KEY (model, id)
  );
  CREATE INDEX oidc_store_grant ON oidc_store (grant_id);
  CREATE INDEX oidc_store_uid ON oidc_store (model, uid);
  CREATE INDEX oidc_store_user_code ON oidc_store (model, user_code);
  `,
  // A member PUT that replaces the record (--member-put replace) may leave any field empty, as a
  // faithful implementation of the interface would: an empty barcode is not unique, an empty
  // branch or member type is NULL (the foreign keys stay), an empty status is allowed.
  `
  CREATE TABLE members_replaceable (
    id TEXT PRIMARY KEY,
    barcode TEXT NOT NULL,
    branch_id TEXT REFERENCES branches(id),
    member_type_id TEXT REFERENCES member_types(id),
    given_name TEXT NOT NULL,
    surname TEXT NOT NULL,
    user_name TEXT NOT NULL,
    phone TEXT NOT NULL,
    address1 TEXT NOT NULL,
    address2 TEXT NOT NULL,
    city TEXT NOT NULL,
    country TEXT NOT NULL,
    postcode TEXT NOT NULL,
    name_title TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('active', 'blocked', '')),
    email TEXT NOT NULL,
    email_lower TEXT NOT NULL UNIQUE,
    expiry_date TEXT NOT NULL,
    fine_cents INTEGER NOT NULL DEFAULT 0
  );
  INSERT INTO members_replaceable SELECT * FROM members;
  DROP TABLE members;
  ALTER TABLE members_replaceable RENAME TO members;
  CREATE UNIQUE INDEX members_barcode ON members (barcode) WHERE barcode <> '';
  CREATE INDEX members_order ON members (surname, given_name, id);
  `,
  // The SIP2 listener (sip2/): members' PINs as scrypt hashes (patron password AD), and the two
  // things a returned item may have to do before its shelf: wait for a member who placed a hold
  // (picked up at a branch), or travel to another branch. Rows come from db/seed.ts.
  `
  CREATE TABLE member_pins (
    member_id TEXT PRIMARY KEY REFERENCES members(id),
    salt TEXT NOT NULL,
    hash TEXT NOT NULL
  );
  CREATE TABLE holds (
    item_barcode TEXT PRIMARY KEY REFERENCES items(barcode),
    member_id TEXT NOT NULL REFERENCES members(id),
    pickup_branch_id TEXT NOT NULL REFERENCES branches(id),
    placed_at TEXT NOT NULL
  );
  CREATE INDEX holds_member ON holds (member_id);
  CREATE TABLE transits (
    item_barcode TEXT PRIMARY KEY REFERENCES items(barcode),
    to_branch_id TEXT NOT NULL REFERENCES branches(id)
  );
  `,
  // Seed steps that run once per database after it exists (db/seed.ts): a step done is named here,
  // so that what it made and a user later changed (a hold fulfilled) is not made again.
  `
  CREATE TABLE seed_steps (
    name TEXT PRIMARY KEY,
    done_at TEXT NOT NULL
  );
  `,
];
