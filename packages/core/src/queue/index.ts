// The viewer queue: fair seats for the chat, checked against the room.
export { createQueue, QUEUE_MAX, type JoinOutcome, type Viewer, type ViewerQueue } from './queue.ts'
export { seatName, lettersAndDigits } from './seat-names.ts'
export { fairOrder } from './queue-view.ts'
// The CLI checks its command-line values with these, so it refuses them in the API's words.
export { readEntryName, readHostPlayers, readSeatCount } from './queue-input.ts'
export { createQueueEventJob } from './queue-event-job.ts'
