#!/usr/bin/env node
// The executable: the only place that exits the process.
import { setFlagsFromString } from 'node:v8'
import { runCli } from './run.ts'
import { createNodeRuntime } from './runtime.ts'

// A command lasts a fraction of a second: compiling sql.js's hot WebAssembly again with V8's
// optimizing tier would not pay for itself, and on a small machine it competes with the
// command for the CPU (pick --json: ~40 ms of ~250). `serve` runs for hours and keeps it.
// Set before sql.js is loaded, which happens later, on the first database open.
if (!process.argv.includes('serve')) setFlagsFromString('--liftoff-only')

const code = await runCli(process.argv.slice(2), createNodeRuntime())
// Exit explicitly (idle keep-alive sockets of remote mode would hold the process open), once
// stdout has taken everything written to it.
process.stdout.write('', () => process.exit(code))
