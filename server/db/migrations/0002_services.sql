-- When each account's obituary listing was last crawled, so the obituary picker queues at most
-- one refresh an hour per account (or at once when an operator changes the listing link).
CREATE TABLE obituary_listing_refreshes (
  account_id uuid PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  listing_url text NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  found_count integer NOT NULL DEFAULT 0,
  last_error text
);

