/** Injection tokens of the service runtime. */
export const CONFIG = Symbol('CONFIG');
export const LOGGER = Symbol('LOGGER');
export const NATS_CONNECTION = Symbol('NATS_CONNECTION');
export const OUTBOX_RELAY = Symbol('OUTBOX_RELAY');
