// Migration: webhook delivery logs are kept 30 days; pruning finds the oldest through this
// index instead of reading the whole log (events have had theirs from the start).
export const logRetention = /* sql */ `
CREATE INDEX webhook_logs_by_time ON webhook_logs (created_at);
`
