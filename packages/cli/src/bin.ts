#!/usr/bin/env node
// The executable: the only place that exits the process.
import { runCli } from './run.ts'
import { createNodeRuntime } from './runtime.ts'

const code = await runCli(process.argv.slice(2), createNodeRuntime())
// Exit explicitly (idle keep-alive sockets of remote mode would hold the process open), once
// stdout has taken everything written to it.
process.stdout.write('', () => process.exit(code))
