// Polls: the room and the chat choose among candidates; tallies, deadlines and the winner.
export { createPollJobs, type PollJobs, type PollJobsOptions } from './poll-jobs.ts'
export { MAX_VOTERS_PER_ADDRESS } from './polls.ts'
