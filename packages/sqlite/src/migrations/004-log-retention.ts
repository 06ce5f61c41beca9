// Schema version 4: webhook delivery logs are kept 30 days. Pruning deletes the oldest rows in
// small batches; this index finds them without reading the whole log. (The event log has had
// its time index since version 2.)
export const logRetention = /* sql */ `
CREATE INDEX webhook_logs_by_time ON webhook_logs (created_at);
`
