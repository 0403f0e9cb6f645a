// Processes a fault case starts (@portal/toolkit's): each one's output kept (the tail) for the failure
// message, and every one of them killed when the case ends, even when the test process itself dies.
// FAULTS_VERBOSE=1 shows what they print.
import * as processes from '@portal/toolkit/processes';

const echo = process.env.FAULTS_VERBOSE === '1';

/** @see processes.startProcess */
export const startProcess = (options) => processes.startProcess({ echo, ...options });

/** Runs a command to completion; rejects with its output when it fails. */
export const runToEnd = (options, timeoutMs) => processes.runToEnd({ echo, ...options }, timeoutMs);
