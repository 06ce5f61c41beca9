#!/usr/bin/env -S node --max-semi-space-size=2
// A committed shim, so the bin exists (and pnpm can link it) before the first build.
// The flag caps V8's young generation at 2 MB a half (16 by default): under a chat's steady
// traffic the default let a server's RSS grow by 70 MB for no CPU saved (bench/README.md, the
// queue row). npm's and pnpm's command shims pass a shebang's flags on to node.
import '../dist/bin.js'
