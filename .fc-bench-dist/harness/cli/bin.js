#!/usr/bin/env node
/** The `fencecheck` executable: wires the real process into `main`. */
import { runProcess } from "./run-process.js";
process.exitCode = await runProcess(process.argv.slice(2));
//# sourceMappingURL=bin.js.map