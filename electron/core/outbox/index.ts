export { createOutbox, CONFIRMED_RETENTION_MS, type Outbox, type OutboxOptions, type OutboxTimers, type OutboxStorage } from './outbox';
export { OUTBOX_FILE_NAME, LEGACY_OUTBOX_FILE_NAME, outboxFileIn, loadOutboxFile, saveOutboxFile, recordLine } from './outbox-file';
export { outcomeOf, failureScope, MAX_ORDER_FAILURES, type FailureScope, type SendResult, type SendOutcome, type RetryTiming } from './send-outcome';
