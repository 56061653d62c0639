-- Every entity of both specification documents. Written for PostgreSQL 15 and PGlite alike.
-- Ids are random UUIDs and double as the wire's unique_identifier.

CREATE TABLE accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  public_data jsonb NOT NULL DEFAULT '{}'::jsonb,
  last_service_at timestamptz,
  last_signature_at timestamptz,
  inserted_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX accounts_name_idx ON accounts (lower(name));

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  public_data jsonb NOT NULL DEFAULT '{}'::jsonb,
  is_superuser boolean NOT NULL DEFAULT false,
  confirmed_at timestamptz,
  inserted_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_idx ON users (lower(email));

CREATE TABLE memberships (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  inserted_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, user_id)
);
CREATE INDEX memberships_user_idx ON memberships (user_id);

-- One live code per e-mail: a resend replaces it.
CREATE TABLE login_codes (
  email text PRIMARY KEY,
  code_hash text NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  inserted_at timestamptz NOT NULL DEFAULT now()
);

-- Sliding-window counters for rate limits that must hold across server processes.
CREATE TABLE rate_limit_hits (
  id bigserial PRIMARY KEY,
  bucket text NOT NULL,
  hit_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_limit_hits_bucket_idx ON rate_limit_hits (bucket, hit_at);

-- Files (photos, captures, PDFs) live in the database by default so a signature and its
-- images commit together.
CREATE TABLE blobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  content_type text NOT NULL,
  byte_size integer NOT NULL,
  bytes bytea NOT NULL,
  file_name text,
  inserted_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE services (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  is_active boolean NOT NULL DEFAULT false,
  public_data jsonb NOT NULL DEFAULT '{}'::jsonb,
  inserted_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX services_account_idx ON services (account_id, inserted_at DESC);

CREATE TABLE service_log_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  service_id uuid NOT NULL REFERENCES services (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('start', 'stop')),
  inserted_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX service_log_items_service_idx ON service_log_items (service_id, kind, inserted_at DESC);

CREATE TABLE obituaries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  url text NOT NULL,
  public_data jsonb NOT NULL DEFAULT '{}'::jsonb,
  inserted_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, url)
);

CREATE TABLE family_members (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  service_id uuid NOT NULL REFERENCES services (id) ON DELETE CASCADE,
  full_name text NOT NULL,
  email_address text NOT NULL,
  phone_number text,
  relationship_to_deceased text,
  public_data jsonb NOT NULL DEFAULT '{}'::jsonb,
  inserted_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX family_members_service_idx ON family_members (service_id);

-- The id is the invitation identifier of the family link /f/{serviceId}?i={id}.
CREATE TABLE family_invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  family_member_id uuid NOT NULL REFERENCES family_members (id) ON DELETE CASCADE,
  service_id uuid NOT NULL REFERENCES services (id) ON DELETE CASCADE,
  revoked_at timestamptz,
  inserted_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ipads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  public_data jsonb NOT NULL DEFAULT '{}'::jsonb,
  private_data jsonb NOT NULL DEFAULT '{}'::jsonb,
  active_service_id uuid REFERENCES services (id) ON DELETE SET NULL,
  ipad_is_enabled boolean NOT NULL DEFAULT true,
  has_been_setup boolean NOT NULL DEFAULT false,
  last_seen_online_at timestamptz,
  inserted_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ipads_account_idx ON ipads (account_id);
CREATE INDEX ipads_active_service_idx ON ipads (active_service_id);

CREATE TABLE ipad_setup_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  ipad_id uuid NOT NULL REFERENCES ipads (id) ON DELETE CASCADE,
  short_unique_identifier text NOT NULL UNIQUE,
  ipad_setup_token_is_enabled boolean NOT NULL DEFAULT true,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  inserted_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- API tokens of staff users and of iPad kiosks; only a SHA-256 of the token is stored.
CREATE TABLE api_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  ipad_id uuid REFERENCES ipads (id) ON DELETE CASCADE,
  revoked_at timestamptz,
  last_used_at timestamptz,
  inserted_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((user_id IS NULL) <> (ipad_id IS NULL))
);

CREATE TABLE signatures (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  service_id uuid NOT NULL REFERENCES services (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('ipad', 'qr')),
  created_by_ipad_id uuid REFERENCES ipads (id) ON DELETE SET NULL,
  -- The client-generated id of a kiosk upload: a repeat answers the stored signature.
  client_id uuid UNIQUE,
  leave_signature_out_of_printed_pdf_and_books boolean NOT NULL DEFAULT false,
  is_pre_need boolean NOT NULL DEFAULT false,
  removed_at timestamptz,
  public_data jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- Handwriting is data: strokes as vectors per field, the capture size and field rectangles.
  strokes jsonb,
  capture_width integer,
  capture_height integer,
  field_rects jsonb,
  screen_capture_blob_id uuid REFERENCES blobs (id) ON DELETE SET NULL,
  raw_signature_blob_id uuid REFERENCES blobs (id) ON DELETE SET NULL,
  inserted_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX signatures_account_idx ON signatures (account_id, inserted_at DESC);
CREATE INDEX signatures_service_idx ON signatures (service_id, inserted_at DESC);

CREATE TABLE signature_transcriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  signature_id uuid NOT NULL REFERENCES signatures (id) ON DELETE CASCADE,
  source text NOT NULL,
  generated_json jsonb NOT NULL,
  inserted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX signature_transcriptions_signature_idx ON signature_transcriptions (signature_id, inserted_at DESC);

-- The external bridge (FRM) sync record of a signature.
CREATE TABLE signature_bridge_syncs (
  signature_id uuid PRIMARY KEY REFERENCES signatures (id) ON DELETE CASCADE,
  synced boolean NOT NULL DEFAULT false,
  public_data jsonb NOT NULL DEFAULT '{}'::jsonb,
  inserted_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Crop maps of a capture resolution (e.g. "2048x1536"); account_id null = shared default.
CREATE TABLE crops (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid REFERENCES accounts (id) ON DELETE CASCADE,
  specific_resolution text NOT NULL,
  latest_signature_id uuid REFERENCES signatures (id) ON DELETE SET NULL,
  public_data jsonb NOT NULL DEFAULT '{}'::jsonb,
  inserted_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX crops_resolution_idx ON crops (specific_resolution, (coalesce(account_id, '00000000-0000-0000-0000-000000000000'::uuid)));

CREATE TABLE books (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  service_id uuid NOT NULL REFERENCES services (id) ON DELETE CASCADE,
  create_pdf_for_digital_download boolean NOT NULL DEFAULT false,
  public_data jsonb NOT NULL DEFAULT '{"status":"processing"}'::jsonb,
  inserted_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX books_account_idx ON books (account_id, inserted_at DESC);

CREATE TABLE print_orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  book_id uuid NOT NULL REFERENCES books (id) ON DELETE CASCADE,
  lulu_print_job_id text,
  quantity integer NOT NULL,
  shipping_option text NOT NULL,
  shipping_address jsonb NOT NULL,
  public_data jsonb NOT NULL DEFAULT '{}'::jsonb,
  inserted_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE registration_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  phone_number text NOT NULL,
  email_address text NOT NULL,
  funeral_home_name text NOT NULL,
  funeral_home_city_state text NOT NULL,
  inserted_at timestamptz NOT NULL DEFAULT now()
);

-- OAuth connection to the FRM (HighLevel); each refresh stores the new pair.
CREATE TABLE frm_connections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  location_id text,
  company_id text,
  access_token text NOT NULL,
  refresh_token text NOT NULL,
  expires_at timestamptz NOT NULL,
  scope text,
  public_data jsonb NOT NULL DEFAULT '{}'::jsonb,
  inserted_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE oauth_states (
  state text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);

-- Every e-mail the product sends; the development outbox reads it when no SMTP is set.
CREATE TABLE mail_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'outbox', 'failed')),
  error text,
  sent_at timestamptz,
  inserted_at timestamptz NOT NULL DEFAULT now()
);
