// The viewer queue: fair seats for the chat, checked against the room.
export { createQueue, QUEUE_MAX, type JoinOutcome, type Viewer, type ViewerQueue } from './queue.ts'
export { seatName, lettersAndDigits } from './seat-names.ts'
export { fairOrder } from './queue-view.ts'
