/** Messages of the AMQP relay (one place, so that tests and docs quote them). */
export const AMQP_MESSAGES = Object.freeze({
  channel: 'createAmqpRelay: channel must be an amqplib confirm channel (createConfirmChannel()) or a function returning one',
  exchange: 'createAmqpRelay: exchange must be a string ("" is the default exchange)',
  routingKey: 'createAmqpRelay: routingKey must be a non-empty string or a function returning one',
  nacked: (effectID: string) => `RabbitMQ refused (nacked) the message of effect ${effectID}`,
  unroutable: (effectID: string, exchange: string, routingKey: string) =>
    `RabbitMQ returned the message of effect ${effectID} as unroutable (exchange "${exchange}", routing key "${routingKey}"): no queue is bound for it`,
});
