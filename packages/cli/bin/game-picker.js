#!/usr/bin/env node
// A committed shim, so the bin exists (and pnpm can link it) before the first build.
import '../dist/bin.js'
