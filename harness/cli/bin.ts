#!/usr/bin/env node
/** `node dist/harness/cli/bin.js`, as the README long said: the executable is bin.cts (package.json's bin), which starts faster. */
import "./bin.cjs";
