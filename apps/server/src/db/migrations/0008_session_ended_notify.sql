-- Custom SQL migration file, put your code below! --
-- hand-written
-- Live event streams end with their session (ADR 021). Whatever deletes sessions (sign-out, password reset, deleting
-- an account, a person in psql), every API process hears the user ids on channel hookpost_sessions, after commit.
-- One statement-level trigger: a reset deleting ten sessions sends one NOTIFY per user, not ten.
CREATE FUNCTION "hookpost_session_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hookpost_sessions', ended_users.user_id)
  FROM (SELECT DISTINCT "user_id" FROM ended_sessions) AS ended_users;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "session_ended" AFTER DELETE ON "session"
  REFERENCING OLD TABLE AS ended_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION "hookpost_session_ended"();
