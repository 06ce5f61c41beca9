#!/usr/bin/env node
// The executable: the only place that exits the process.
import { setFlagsFromString } from 'node:v8'
import { runCli } from './run.ts'
import { createNodeRuntime } from './runtime.ts'

// sql.js's WebAssembly stays on V8's baseline tier. A command lasts a fraction of a second:
// compiling its hot functions again with the optimizing tier would not pay for itself and, on
// a small machine, competes with the command for the CPU (pick --json: ~300 -> ~140 ms). The
// server answers reads from caches and writes at human rates: it gives up ~10% of CPU per
// durable vote for ~15 MB less RSS (the optimized code). Set before sql.js loads (first open).
setFlagsFromString('--liftoff-only')

const code = await runCli(process.argv.slice(2), createNodeRuntime())
// Exit explicitly (idle keep-alive sockets of remote mode would hold the process open), once
// stdout has taken everything written to it.
process.stdout.write('', () => process.exit(code))
