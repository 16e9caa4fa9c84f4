-- Messages between members (docs/design.md#messages): one conversation per pair of members, its messages, and
-- how far each member has read.
--
-- The pair is stored ordered (user_a_id < user_b_id) under a unique index, so the same two members
-- always get the same conversation, however many requests race to open it.
CREATE TABLE conversations (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_a_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  user_b_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- What the two last opened it about (a job, bid, offer or service); shown above the thread.
  context_type  text CHECK (context_type IN ('job', 'bid', 'offer', 'service')),
  context_id    integer,
  created_at    timestamptz NOT NULL DEFAULT now(),
  -- The time of the last message (or of the opening): the order of the conversation list.
  updated_at    timestamptz NOT NULL DEFAULT now(),
  CHECK (user_a_id < user_b_id),
  CHECK ((context_type IS NULL) = (context_id IS NULL))
);
CREATE UNIQUE INDEX conversations_pair ON conversations (user_a_id, user_b_id);
CREATE INDEX conversations_user_b_id_idx ON conversations (user_b_id);

-- One row per participant: the list of a member's conversations and their read state. Unread
-- messages are the other member's messages with an id above last_read_message_id.
CREATE TABLE conversation_members (
  conversation_id       integer NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  user_id               integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  last_read_message_id  integer NOT NULL DEFAULT 0,
  PRIMARY KEY (conversation_id, user_id)
);
CREATE INDEX conversation_members_user_id_idx ON conversation_members (user_id);

CREATE TABLE messages (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  conversation_id  integer NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  sender_id        integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  body             text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
  -- The sender's own id for a send, so a retried send answers the first message (idempotency).
  client_id        text CHECK (char_length(client_id) BETWEEN 1 AND 100),
  moderation       text NOT NULL DEFAULT 'visible' CHECK (moderation IN ('visible', 'hidden', 'held')),
  risk_level       text NOT NULL DEFAULT 'none' CHECK (risk_level IN ('none', 'caution', 'high')),
  risk_reasons     text[] NOT NULL DEFAULT '{}',
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messages_conversation_id_idx ON messages (conversation_id, created_at DESC, id DESC);
CREATE INDEX messages_sender_id_idx ON messages (sender_id);
CREATE UNIQUE INDEX messages_sender_client_id ON messages (sender_id, client_id) WHERE client_id IS NOT NULL;
