/* The activity log's public module: what a change records, in the change's transaction. */
export { changedFields, recordActivity, type Activity } from './record.js';
