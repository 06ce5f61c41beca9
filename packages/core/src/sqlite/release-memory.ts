// A checkpoint's image of the whole database is as large as the database. Dropped, it stays resident until V8's next full collection, which a server that
// mostly serves cached reads may not run for minutes: 26 MB of a 100k-vote database sat in the
// server's RSS that way. Transferring its buffer into a message that is never delivered
// detaches it, and closing the channel frees the memory at once.

/** Frees `bytes`' memory now; `bytes` (and any view on its buffer) must not be used again. */
export function releaseNow(bytes: Uint8Array): void {
  const buffer = bytes.buffer
  // Only a buffer `bytes` covers alone: small Node Buffers share a pool with others.
  if (!(buffer instanceof ArrayBuffer) || bytes.byteOffset !== 0 || bytes.byteLength !== buffer.byteLength) return
  const { port1, port2 } = new MessageChannel()
  port1.postMessage(null, [buffer])
  port1.close()
  port2.close()
}
