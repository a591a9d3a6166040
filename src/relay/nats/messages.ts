/** Messages of the NATS relay (one place, so that tests and docs quote them). */
export const NATS_MESSAGES = Object.freeze({
  jetstream: 'createNatsRelay: jetstream must be a nats JetStream client (connection.jetstream())',
  subject: 'createNatsRelay: subject must be a non-empty string or a function returning one',
  timeout: 'createNatsRelay: timeoutMs must be a positive integer of at most 2147483647',
  stream: 'createNatsRelay: stream must be a non-empty string',
});
