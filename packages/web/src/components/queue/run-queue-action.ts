// What the Queue panel hands its forms (a module of its own, so the forms and the panel do not
// import each other): runs a queue action, keeps its error for the alert, then loads the queue
// (its event may come a second later); resolves whether it worked.
export type RunQueueAction = (action: () => Promise<unknown>) => Promise<boolean>
