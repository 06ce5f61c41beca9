// Events: what happened, written with the change that made it, read by the live stream.
export { EVENT_TYPES, type EventType, isEventType, readEventTypes } from './events.ts'
export { createEventFeed, type EventFeed, type EventFeedOptions, type FeedEvent } from './event-feed.ts'
